import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { keptUntilUsed } from "../../../components/kept-until-used";
import { Spinner } from "../../../components/loaders";
// The fields' stylesheet, linked by the page for the server's copy (its class names come with the form).
import "../../../components/ui/field.css";
import { lazyModule } from "../../../lib/ui/lazy-module";
import formStyles from "./package-form.module.css";
import photoStyles from "./photo-field.module.css";
import sliderStyles from "./slider-verification.module.css";

/**
 * The package form's code (react-hook-form, its fields, the photo and the slider) loads when the
 * courier starts the form, not with the page; the server renders the form with the locker's door
 * sizes (the route's loader loads this first) and the page keeps the server's copy until then
 * (ADR 026).
 */
export const packageFormCode = lazyModule(() => import("./package-form"));

export const PackageFormOnUse = keptUntilUsed(packageFormCode, (code) => code.PackageForm, [
  formStyles,
  photoStyles,
  sliderStyles,
  Button,
  Dialog,
  Spinner,
]);
