import type { PackageData } from "@paxelbox/contract";
import { type FocusEvent, type FormEvent, useEffect, useId, useLayoutEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { AlertIcon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { type TKey, useT } from "../../../lib/i18n";
import { useBoxLocation } from "../api/box-location";
import { useLockerSizes } from "../api/locker-sizes";
import {
  digitsOnly,
  emptyPackageForm,
  maxLengths,
  messageKey,
  type PackageField,
  type PackageFormInput,
  type PackageFormValues,
  packageFields,
  packageFormResolver,
  sizeOptionValues,
  toPackageData,
} from "../lib/package-form";
import { describedBy, type FieldIds, FormField, inputClassName } from "./form-field";
import styles from "./package-form.module.css";
import { PhotoField } from "./photo-field";
import { SliderVerification } from "./slider-verification";

interface PackageFormProps {
  boxId: number;
  /** Locker location name from the link (`name`). */
  lockerName: string | null;
  sending: boolean;
  onSend: (body: PackageData) => void;
}

function useFieldIds(): Record<PackageField, FieldIds> {
  const base = useId();
  return Object.fromEntries(
    packageFields.map((field) => [
      field,
      { input: `${base}-${field}`, hint: `${base}-${field}-hint`, error: `${base}-${field}-error` },
    ]),
  ) as Record<PackageField, FieldIds>;
}

/** The drop-off package form (spec §2 "Data Package", §3, §5). */
export function PackageForm({ boxId, lockerName, sending, onSend }: PackageFormProps) {
  const { t } = useT();
  const ids = useFieldIds();
  const sizes = useLockerSizes(boxId);
  const location = useBoxLocation(boxId, !lockerName);
  const form = useForm<PackageFormInput, unknown, PackageFormValues>({
    resolver: packageFormResolver,
    defaultValues: emptyPackageForm(lockerName?.trim() ?? ""),
    mode: "onTouched",
    shouldFocusError: false,
  });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  // Why the last chosen file was refused (not an image, unreadable), until another one is taken.
  const [photoRefusal, setPhotoRefusal] = useState<TKey | null>(null);

  // Without a name in the link, the box's own location name fills the read-only field.
  const fetchedName = location.data?.locker_location;
  useEffect(() => {
    if (fetchedName && !getValues("locker_location")) {
      setValue("locker_location", fetchedName, { shouldValidate: formState.isSubmitted });
    }
  }, [fetchedName, getValues, setValue, formState.isSubmitted]);

  const text = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = messageKey(message);
    return key ? t(key) : message;
  };
  const errorOf = (field: PackageField) =>
    field === "package_photo" && photoRefusal ? t(photoRefusal) : text(errors[field]?.message);

  const messages = Object.fromEntries(packageFields.map((field) => [field, errorOf(field)]));
  const announcer = useErrorAnnouncer(messages, formState.submitCount);

  // After a submit with errors (once they are on screen and tied to their fields), the first field
  // with an error gets the focus; its message is read with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per submit, with that submit's errors
  useLayoutEffect(() => {
    if (formState.submitCount === 0) return;
    const first = packageFields.find((field) => messages[field]);
    if (!first) return;
    const element =
      first === "slider_verification"
        ? document.querySelector<HTMLElement>(`[data-testid="slider-handle"]`)
        : document.getElementById(ids[first].input);
    if (!element) return;
    const moved = document.activeElement !== element;
    element.focus({ preventScroll: true });
    if (!moved) announcer.say(messages[first] ?? "");
  }, [formState.submitCount]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Spec §5: submit touches every field and scrolls to the top.
    window.scrollTo({ top: 0, behavior: "auto" });
    void form.handleSubmit((values) => onSend(toPackageData(values, boxId)))(event);
  };

  const trimOnBlur = (field: "sender_name" | "recipient_name") => ({
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const trimmed = event.currentTarget.value.trim();
      if (trimmed !== event.currentTarget.value) setValue(field, trimmed);
    },
  });

  const sizeList = sizes.data ?? [];
  const noLocker = !sizes.isPending && sizeList.length === 0;

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} data-testid="package-form">
      <FormField
        ids={ids.sender_name}
        label={t("dropOff.package.senderName")}
        hint={t("dropOff.package.senderNameHint")}
        error={errorOf("sender_name")}
        testId="field-sender_name"
      >
        <input
          id={ids.sender_name.input}
          className={inputClassName}
          autoComplete="organization"
          maxLength={maxLengths.sender_name}
          aria-invalid={errors.sender_name ? true : undefined}
          aria-describedby={describedBy(ids.sender_name, true, errorOf("sender_name"))}
          {...register("sender_name", trimOnBlur("sender_name"))}
        />
      </FormField>

      <FormField
        ids={ids.recipient_name}
        label={t("dropOff.package.recipientName")}
        error={errorOf("recipient_name")}
        testId="field-recipient_name"
      >
        <input
          id={ids.recipient_name.input}
          className={inputClassName}
          autoComplete="off"
          maxLength={maxLengths.recipient_name}
          aria-invalid={errors.recipient_name ? true : undefined}
          aria-describedby={describedBy(ids.recipient_name, false, errorOf("recipient_name"))}
          {...register("recipient_name", trimOnBlur("recipient_name"))}
        />
      </FormField>

      <FormField
        ids={ids.recipient_mobile_number}
        label={t("dropOff.package.recipientMobileNumber")}
        hint={t("dropOff.package.recipientMobileNumberHint")}
        error={errorOf("recipient_mobile_number")}
        testId="field-recipient_mobile_number"
      >
        <Controller
          control={control}
          name="recipient_mobile_number"
          render={({ field }) => (
            <input
              ref={field.ref}
              id={ids.recipient_mobile_number.input}
              name={field.name}
              className={inputClassName}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0811222233333"
              maxLength={maxLengths.recipient_mobile_number}
              value={field.value}
              onChange={(event) => field.onChange(digitsOnly(event.currentTarget.value))}
              onBlur={field.onBlur}
              aria-invalid={errors.recipient_mobile_number ? true : undefined}
              aria-describedby={describedBy(
                ids.recipient_mobile_number,
                true,
                errorOf("recipient_mobile_number"),
              )}
            />
          )}
        />
      </FormField>

      <FormField
        ids={ids.locker_location}
        label={t("dropOff.package.lockerLocation")}
        error={errorOf("locker_location")}
        testId="field-locker_location"
      >
        <textarea
          id={ids.locker_location.input}
          className={`${inputClassName} ${styles.location}`}
          readOnly
          rows={1}
          aria-invalid={errors.locker_location ? true : undefined}
          aria-describedby={describedBy(ids.locker_location, false, errorOf("locker_location"))}
          {...register("locker_location")}
        />
      </FormField>

      <FormField
        ids={ids.package_size}
        label={t("dropOff.package.packageSize")}
        hint={
          noLocker ? (
            <span className={styles.noLocker} data-testid="no-locker">
              <AlertIcon size={16} /> {t("dropOff.package.noLocker")}
            </span>
          ) : undefined
        }
        error={errorOf("package_size")}
        testId="field-package_size"
      >
        <select
          id={ids.package_size.input}
          className={inputClassName}
          disabled={sizes.isPending || noLocker}
          aria-invalid={errors.package_size ? true : undefined}
          aria-describedby={describedBy(ids.package_size, noLocker, errorOf("package_size"))}
          {...register("package_size")}
        >
          <option value="">
            {sizes.isPending ? t("common.loading") : noLocker ? "—" : t("dropOff.package.packageSizeChoose")}
          </option>
          {sizeList.map((size) => (
            <option key={size.name} value={size.name}>
              {t("dropOff.package.sizeOption", sizeOptionValues(size))}
            </option>
          ))}
        </select>
      </FormField>

      <FormField
        ids={ids.package_photo}
        label={t("dropOff.package.packagePhoto")}
        error={errorOf("package_photo")}
        testId="field-package_photo"
      >
        <Controller
          control={control}
          name="package_photo"
          render={({ field }) => (
            <PhotoField
              id={ids.package_photo.input}
              inputRef={field.ref}
              value={field.value}
              onChange={(value) => {
                setPhotoRefusal(null);
                field.onChange(value);
              }}
              onBlur={field.onBlur}
              onRefuse={(key) => {
                field.onChange("");
                setPhotoRefusal(key);
              }}
              invalid={Boolean(errors.package_photo || photoRefusal)}
              describedBy={errorOf("package_photo") ? ids.package_photo.error : undefined}
            />
          )}
        />
      </FormField>

      <FormField
        ids={ids.slider_verification}
        as="group"
        label={t("dropOff.package.slider.label")}
        hint={t("dropOff.package.slider.hint")}
        error={errorOf("slider_verification")}
        testId="field-slider_verification"
      >
        <Controller
          control={control}
          name="slider_verification"
          render={({ field }) => (
            <SliderVerification
              handleRef={field.ref}
              passed={field.value}
              onPass={() => field.onChange(true)}
              onBlur={field.onBlur}
              invalid={Boolean(errors.slider_verification)}
              describedBy={describedBy(ids.slider_verification, true, errorOf("slider_verification"))}
            />
          )}
        />
      </FormField>

      {announcer.region}
      <Button type="submit" block disabled={sending} className={styles.submit} data-testid="package-submit">
        {sending ? (
          <>
            <Spinner size={18} /> {t("dropOff.package.sending")}
          </>
        ) : (
          t("dropOff.package.send")
        )}
      </Button>
    </form>
  );
}
