import { ErrorDialog } from "../../../components/error-dialog";
import { keptUntilUsed } from "../../../components/kept-until-used";
import { LoadingOverlay } from "../../../components/loaders";
// The fields' stylesheet, linked by the page for the server's copy (its class names come with the form).
import "../../../components/ui/field.css";
import { lazyModule } from "../../../lib/lazy-module";
import formStyles from "./guest-book-form.module.css";

/**
 * The guest-book form's code (react-hook-form, its fields and captcha) loads when the visitor starts
 * the form, not with the page; the server renders the form (the route's loader loads this first) and
 * the page keeps the server's copy until then (ADR 026).
 */
export const guestBookFormCode = lazyModule(() => import("./guest-book-form"));

export const GuestBookFormOnUse = keptUntilUsed(guestBookFormCode, (code) => code.GuestBookForm, [
  formStyles,
  ErrorDialog,
  LoadingOverlay,
]);
