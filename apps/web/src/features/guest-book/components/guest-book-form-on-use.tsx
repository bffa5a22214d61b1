import { ErrorDialog } from "../../../components/error-dialog";
import { hydrateOnUse } from "../../../components/hydrate-on-use";
import { LoadingOverlay } from "../../../components/loaders";
import { Field } from "../../../components/ui/field";
import { lazyModule } from "../../../lib/lazy-module";
import formStyles from "./guest-book-form.module.css";

/**
 * The guest-book form's code (react-hook-form, its fields and captcha) loads when the visitor starts
 * the form, not with the page; the server renders the form (its loader loads this first) and the
 * page hydrates around it (ADR 026).
 */
export const guestBookFormCode = lazyModule(() => import("./guest-book-form"));

export const GuestBookFormOnUse = hydrateOnUse(guestBookFormCode, (code) => code.GuestBookForm, [
  formStyles,
  Field,
  ErrorDialog,
  LoadingOverlay,
]);
