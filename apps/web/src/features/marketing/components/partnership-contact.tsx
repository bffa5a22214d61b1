import type { BusinessType } from "@paxelbox/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AddressLanguageField } from "../../../components/address-language-field";
import { Button } from "../../../components/button";
import { useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { paths } from "../../../paths";
import { BuildingIcon, UserIcon } from "./marketing-icons";
import styles from "./partnership-contact.module.css";

const types: { value: BusinessType; line: "marketing.home.individuLine" | "marketing.home.businessLine" }[] =
  [
    { value: "Individu", line: "marketing.home.individuLine" },
    { value: "Business", line: "marketing.home.businessLine" },
  ];

/**
 * Partnership contact (spec §2): pick Individu or Business, then Fill Form, which stays disabled
 * until a type is chosen and opens `/guest-book?business_type=…`. It is the browser's own GET form
 * until the page's scripts run: a type is required, and the button looks disabled until one is
 * chosen (CSS); a type chosen before the scripts arrive is kept, and they take it over.
 */
export function PartnershipContact() {
  const { t } = useT();
  const link = useLanguageLink();
  const navigate = useNavigate();
  const live = useHydrated();
  const [type, setType] = useState<BusinessType | null>(null);
  const hintId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // A type tapped before the scripts ran is in the page, not in the state.
  useEffect(() => {
    const chosen = formRef.current?.querySelector<HTMLInputElement>('input[name="business_type"]:checked');
    if (chosen) setType(chosen.value as BusinessType);
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (type) navigate(link(paths.guestBook.form.href({ business_type: type })));
  }

  return (
    <form
      ref={formRef}
      className={`stack ${styles.form}`}
      method="get"
      action={paths.guestBook.form.href()}
      onSubmit={onSubmit}
      data-testid="partnership-form"
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t("marketing.home.businessTypeLabel")}</legend>
        <div className={`equal-columns ${styles.options}`}>
          {types.map((option) => (
            <label key={option.value} className={styles.option}>
              <input
                type="radio"
                name="business_type"
                value={option.value}
                required
                onChange={() => setType(option.value)}
                className={styles.radio}
                data-testid={`business-type-${option.value}`}
              />
              <span className={`circle ${styles.icon}`} aria-hidden="true">
                {option.value === "Individu" ? <UserIcon size={24} /> : <BuildingIcon size={24} />}
              </span>
              <span className={styles.text}>
                <strong>{option.value}</strong>
                <span>{t(option.line)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <AddressLanguageField />
      <div className={`cluster ${styles.submit}`}>
        <Button
          type="submit"
          disabled={live && !type}
          aria-describedby={type ? undefined : hintId}
          data-testid="fill-form"
        >
          {t("marketing.home.fillForm")}
        </Button>
        {type ? null : (
          <p id={hintId} className={styles.hint}>
            {t("marketing.home.fillFormHint")}
          </p>
        )}
      </div>
    </form>
  );
}
