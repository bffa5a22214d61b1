import "../../../components/ui/field.css";
import { ErrorDialog } from "../../../components/error-dialog";
import { keptUntilUsed } from "../../../components/kept-until-used";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { lazyModule } from "../../../lib/lazy-module";

/**
 * The overdue form's code (react-hook-form, the fields, the payment's start) loads on the form's
 * first use; the server renders the form (the route's loader loads this first) and the page keeps
 * the server's copy until then (ADR 026). Select Payment stays as the server drew it (disabled
 * until an email is entered, and entering one is a use).
 */
export const overduePayFormCode = lazyModule(() => import("./overdue-pay-form"));

export const OverduePayFormOnUse = keptUntilUsed(
  overduePayFormCode,
  (code) => code.OverduePayForm,
  [ErrorDialog, StickyActionBar],
  { enableSends: false },
);
