import type { PackageData } from "@paxelbox/contract";
import { type FormEvent, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { AlertIcon, CheckCircleIcon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { Field, type FieldIds, fieldIds, inputClassName, trimOnBlur } from "../../../components/ui/field";
import { useEnteredBeforeHydration } from "../../../lib/entered-before-hydration";
import { type TKey, useT } from "../../../lib/i18n/i18n";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { useBoxLocation } from "../api/box-location";
import { useLockerSizes } from "../api/locker-sizes";
import type { PackageQrState } from "../hooks/use-package-qr";
import {
  emptyPackageForm,
  loadPackageFormSchema,
  maxLengths,
  messageKey,
  type PackageField,
  type PackageFormInput,
  type PackageFormValues,
  packageFields,
  packageFormResolver,
  recipientPhoneInput,
  sizeOptionValues,
  toPackageData,
} from "../lib/package-form";
import styles from "./package-form.module.css";
import { PhotoField } from "./photo-field";
import { SliderVerification } from "./slider-verification";

interface PackageFormProps {
  boxId: number;
  /** Locker location name from the link (`name`). */
  lockerName: string | null;
  /** The QR's state: the form is locked while it is generated and once it is (final, spec §4). */
  qrStatus: PackageQrState["status"];
  onSend: (body: PackageData) => void;
}

function useFieldIds(): Record<PackageField, FieldIds> {
  const base = useId();
  return Object.fromEntries(packageFields.map((field) => [field, fieldIds(`${base}-${field}`)])) as Record<
    PackageField,
    FieldIds
  >;
}

/**
 * The second press of a double tap or double click that began on the form's submit button, wherever
 * it lands, must not select text (a double click selects a word), move the focus or press what the
 * submit's scroll to the top (a submit with errors) brought under the finger. Uses the browser's own
 * click count (`detail`), so no timing is guessed. The button itself ignores it (see `onSubmit`).
 */
function useDoublePressShield(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    let startedOnButton = false;
    const onButton = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('button[type="submit"]');
      return Boolean(button && form.current?.contains(button));
    };
    const onMouseDown = (event: MouseEvent) => {
      if (event.detail <= 1) {
        startedOnButton = onButton(event);
        return;
      }
      if (!startedOnButton) return;
      event.preventDefault();
      if (!onButton(event)) event.stopPropagation();
    };
    const onClick = (event: MouseEvent) => {
      if (event.detail <= 1 || !startedOnButton || onButton(event)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener("mousedown", onMouseDown, true);
    document.addEventListener("click", onClick, true);
    document.addEventListener("dblclick", onClick, true);
    return () => {
      document.removeEventListener("mousedown", onMouseDown, true);
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("dblclick", onClick, true);
    };
  }, [form]);
}

/**
 * The drop-off package form (spec §2 "Data Package", §3, §5).
 *
 * Real-world timing: a submit pressed while the photo is still being prepared (a 4000 × 3000 phone
 * photo takes about a second) waits for it, the button saying so, then sends. One send at a time:
 * further presses are ignored until the send fails (the form opens again) or the QR is generated
 * (the form stays locked with its values, the record of what the QR is for, until the user starts a
 * new package from the QR panel). A valid submit keeps the page where it is — the button under the
 * finger shows the progress and the QR scrolls into view once it is there; the scroll to the top of
 * spec §5 is kept for a submit with errors, whose messages start at the top.
 */
export function PackageForm({ boxId, lockerName, qrStatus, onSend }: PackageFormProps) {
  const { t } = useT();
  const ids = useFieldIds();
  const sizes = useLockerSizes(boxId);
  const location = useBoxLocation(boxId, !lockerName);
  // A courier faster than the page keeps what they typed before it hydrated (the phone as if typed
  // into the running page).
  const defaultValues = useEnteredBeforeHydration(
    'form[data-testid="package-form"]',
    () => emptyPackageForm(lockerName?.trim() || location.data?.locker_location || ""),
    (entered) => ({
      ...entered,
      recipient_mobile_number: recipientPhoneInput(entered.recipient_mobile_number),
    }),
  );
  const form = useForm<PackageFormInput, unknown, PackageFormValues>({
    resolver: packageFormResolver,
    defaultValues,
    mode: "onTouched",
    shouldFocusError: false,
  });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  // Why the last chosen file was refused (not an image, unreadable), until another one is taken.
  const [photoRefusal, setPhotoRefusal] = useState<TKey | null>(null);
  // The photo being prepared, if any; a submit meanwhile waits for it.
  const photoTask = useRef<Promise<void> | null>(null);
  const [waitingForPhoto, setWaitingForPhoto] = useState(false);
  // From a press until its send has started or its messages are shown: further presses are ignored.
  const pressed = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  useDoublePressShield(formRef);
  const locked = qrStatus !== "idle";
  const live = useHydrated();

  // The schema loads as the form starts (it is not needed to show it; the first check waits for it).
  useEffect(() => {
    void loadPackageFormSchema();
  }, []);

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

  /** What every field takes: its control's id, its message and its test id. */
  const fieldOf = (field: PackageField) => ({
    id: ids[field].input,
    error: errorOf(field),
    testId: `field-${field}`,
  });

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

  const submit = async () => {
    const task = photoTask.current;
    if (task) {
      setWaitingForPhoto(true);
      await task;
      setWaitingForPhoto(false);
    }
    // Spec §5: submit touches every field; with errors it scrolls to the top.
    await form.handleSubmit(
      (values) => onSend(toPackageData(values, boxId)),
      () => window.scrollTo({ top: 0, behavior: "auto" }),
    )();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pressed.current || locked) return;
    pressed.current = true;
    void submit().finally(() => {
      pressed.current = false;
    });
  };

  const sizeList = sizes.data ?? [];
  const noLocker = !sizes.isPending && sizeList.length === 0;

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      data-testid="package-form"
      // The form's code runs (not the server's copy of it).
      data-live={live || undefined}
    >
      <fieldset className={styles.fields} disabled={locked}>
        <Field
          {...fieldOf("sender_name")}
          label={t("dropOff.package.senderName")}
          hint={t("dropOff.package.senderNameHint")}
        >
          {(fieldProps) => (
            <input
              {...fieldProps}
              className={inputClassName}
              autoComplete="organization"
              maxLength={maxLengths.sender_name}
              {...register(
                "sender_name",
                trimOnBlur((value) => setValue("sender_name", value)),
              )}
            />
          )}
        </Field>

        <Field {...fieldOf("recipient_name")} label={t("dropOff.package.recipientName")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              className={inputClassName}
              autoComplete="off"
              maxLength={maxLengths.recipient_name}
              {...register(
                "recipient_name",
                trimOnBlur((value) => setValue("recipient_name", value)),
              )}
            />
          )}
        </Field>

        <Field
          {...fieldOf("recipient_mobile_number")}
          label={t("dropOff.package.recipientMobileNumber")}
          hint={t("dropOff.package.recipientMobileNumberHint")}
        >
          {(fieldProps) => (
            <Controller
              control={control}
              name="recipient_mobile_number"
              render={({ field }) => (
                <input
                  {...fieldProps}
                  ref={field.ref}
                  name={field.name}
                  className={inputClassName}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0811222233333"
                  value={field.value}
                  onChange={(event) => field.onChange(recipientPhoneInput(event.currentTarget.value))}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>

        <Field {...fieldOf("locker_location")} label={t("dropOff.package.lockerLocation")}>
          {(fieldProps) => (
            <textarea
              {...fieldProps}
              className={`${inputClassName} ${styles.location}`}
              readOnly
              rows={1}
              // Drawn by the server too (react-hook-form sets a registered field's value in the browser).
              defaultValue={defaultValues.locker_location}
              {...register("locker_location")}
            />
          )}
        </Field>

        <Field
          {...fieldOf("package_size")}
          label={t("dropOff.package.packageSize")}
          hint={
            noLocker ? (
              <span className={styles.noLocker} data-testid="no-locker">
                <AlertIcon size={16} /> {t("dropOff.package.noLocker")}
              </span>
            ) : undefined
          }
        >
          {(fieldProps) => (
            <select
              {...fieldProps}
              className={inputClassName}
              disabled={sizes.isPending || noLocker}
              {...register("package_size")}
            >
              <option value="">
                {sizes.isPending
                  ? t("common.loading")
                  : noLocker
                    ? "—"
                    : t("dropOff.package.packageSizeChoose")}
              </option>
              {sizeList.map((size) => (
                <option key={size.name} value={size.name}>
                  {t("dropOff.package.sizeOption", sizeOptionValues(size))}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field {...fieldOf("package_photo")} label={t("dropOff.package.packagePhoto")}>
          {(fieldProps) => (
            <Controller
              control={control}
              name="package_photo"
              render={({ field }) => (
                <PhotoField
                  id={fieldProps.id}
                  name={field.name}
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
                  onPreparing={(task) => {
                    photoTask.current = task;
                    void task.then(() => {
                      if (photoTask.current === task) photoTask.current = null;
                    });
                  }}
                  invalid={Boolean(fieldProps["aria-invalid"])}
                  describedBy={fieldProps["aria-describedby"]}
                />
              )}
            />
          )}
        </Field>

        <Field
          {...fieldOf("slider_verification")}
          as="group"
          label={t("dropOff.package.slider.label")}
          hint={t("dropOff.package.slider.hint")}
        >
          {(fieldProps) => (
            <Controller
              control={control}
              name="slider_verification"
              render={({ field }) => (
                <SliderVerification
                  handleRef={field.ref}
                  passed={field.value}
                  onPass={() => field.onChange(true)}
                  onBlur={field.onBlur}
                  invalid={Boolean(fieldProps["aria-invalid"])}
                  describedBy={fieldProps["aria-describedby"]}
                />
              )}
            />
          )}
        </Field>
      </fieldset>

      {announcer.region}
      {/* `aria-disabled`, not `disabled`: the button keeps the focus and receives the presses that
          the form then ignores (a disabled one would let a double click select the text around it). */}
      <Button
        type="submit"
        block
        aria-disabled={waitingForPhoto || locked || undefined}
        className={styles.submit}
        data-testid="package-submit"
      >
        {waitingForPhoto ? (
          <>
            <Spinner size={18} /> {t("dropOff.package.photoPreparing")}
          </>
        ) : qrStatus === "generating" ? (
          <>
            <Spinner size={18} /> {t("dropOff.package.sending")}
          </>
        ) : qrStatus === "generated" ? (
          <>
            <CheckCircleIcon size={20} /> {t("dropOff.package.generated")}
          </>
        ) : (
          t("dropOff.package.send")
        )}
      </Button>
    </form>
  );
}
