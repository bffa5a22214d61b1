import "i18next";
import type id from "../locales/id.ts";

/** Keys are typed from the source locale (`id.json`): a wrong key fails type-checking. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof id };
    returnNull: false;
    defaultVariables: { product: string };
  }
}
