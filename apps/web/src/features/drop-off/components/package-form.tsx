import {
  type FormEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Controller, type FieldErrors, useForm } from "react-hook-form";
import { Form, useNavigation } from "react-router";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { AlertIcon, CheckCircleIcon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { Field, type FieldIds, fieldIds, inputClassName, trimOnBlur } from "../../../components/ui/field";
import { useValidatedSubmit } from "../../../lib/forms/use-validated-submit";
import { type TKey, useT } from "../../../lib/i18n/i18n";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { useBoxLocation } from "../api/box-location";
import { useLockerSizes } from "../api/locker-sizes";
import { isSent, type PackageAnswer, type PackageQrState } from "../hooks/use-package-qr";
import { dataUrlToBlob } from "../lib/compress-photo";
import {
  keptPhotoField,
  loadPackageFormSchema,
  maxLengths,
  messageKey,
  type PackageField,
  type PackageFormInput,
  type PackageFormValues,
  packageFields,
  packageFormResolver,
  packageFormValues,
  recipientPhoneInput,
  sendKeyField,
  sizeOptionValues,
} from "../lib/package-form";
import styles from "./package-form.module.css";
import { PhotoField } from "./photo-field";
import { SliderVerification } from "./slider-verification";

interface PackageFormProps {
  boxId: number;
  /** Locker location name from the link (`name`). */
  lockerName: string | null;
  /** This form's Idempotency-Key, posted with it (see the route's loader). */
  sendKey: string;
  /** The action's answer to this form's post: its values and messages, or the QR it made. */
  answer: PackageAnswer | undefined;
  /** The QR's state: the form is locked while it is generated and once it is (final, spec §4). */
  qrStatus: PackageQrState["status"];
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

/** The action's messages as react-hook-form's errors (the same contract messages as its own). */
function answerErrors(answer: PackageAnswer | undefined): FieldErrors<PackageFormInput> | undefined {
  if (!answer || isSent(answer)) return undefined;
  const errors: FieldErrors<PackageFormInput> = {};
  for (const field of packageFields) {
    const message = answer.errors[field];
    if (message) errors[field] = { type: "server", message };
  }
  return errors;
}

/**
 * The drop-off package form (spec §2 "Data Package", §3, §5): a `<Form method="post">` whose route
 * action decides (`packageAction`), so that it works before the page's scripts arrive and without
 * them. The server draws it with what was posted and the action's messages; a page refused or sent
 * so is the form as the scripts would have shown it.
 *
 * With the scripts, react-hook-form checks it first with the same schema (nothing is posted with
 * errors; spec §5: every field touched, the page at the top, the first invalid field focused), the
 * photo is made small in the browser and posted in place of the original, and the action's own
 * messages come back into the form. A submit pressed while the photo is still being prepared (a
 * 4000 × 3000 phone photo takes about a second) waits for it, the button saying so, then posts. One
 * post at a time: further presses are ignored until its answer is in — the form opens again after a
 * refusal, and stays locked with its values (the record of what the QR is for) once the QR is made,
 * until the courier starts a new package from the QR panel. A valid submit keeps the page where it
 * is: the button under the finger shows the progress and the QR scrolls into view once it is there.
 */
export function PackageForm({ boxId, lockerName, sendKey, answer, qrStatus }: PackageFormProps) {
  const { t } = useT();
  const ids = useFieldIds();
  const sizes = useLockerSizes(boxId);
  const location = useBoxLocation(boxId, !lockerName);
  const live = useHydrated();
  const navigation = useNavigation();
  // The values the form starts from: what was posted (a refused or sent form), else an empty form.
  const [initial] = useState(() =>
    packageFormValues(answer?.values, lockerName?.trim() || location.data?.locker_location || ""),
  );
  // The answer the page arrived with, and the action's messages (kept by reference: a new answer
  // brings new messages into react-hook-form; the same one re-rendered does not undo the form's own).
  const [arrivedWith] = useState(answer);
  const serverErrors = useMemo(() => answerErrors(answer), [answer]);
  const form = useForm<PackageFormInput, unknown, PackageFormValues>({
    resolver: packageFormResolver,
    defaultValues: initial,
    errors: serverErrors,
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
  // From a press until its post is answered or its messages are shown: further presses are ignored.
  const pressed = useRef(false);
  // Answers that came back refused while the page ran (their messages are focused like a submit's).
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useDoublePressShield(formRef);
  const locked = qrStatus !== "idle";
  const sent = isSent(answer);

  // A phone typed before the page's scripts ran ("0811-2222-3333"): digits only, as typed here.
  useEffect(() => {
    const typed = getValues("recipient_mobile_number");
    const digits = recipientPhoneInput(typed);
    if (digits !== typed) setValue("recipient_mobile_number", digits);
  }, [getValues, setValue]);

  // Without a name in the link, the box's own location name fills the read-only field.
  const fetchedName = location.data?.locker_location;
  useEffect(() => {
    if (fetchedName && !getValues("locker_location")) {
      setValue("locker_location", fetchedName, { shouldValidate: formState.isSubmitted });
    }
  }, [fetchedName, getValues, setValue, formState.isSubmitted]);

  // A field the action refused is checked again as it changes, as after a submit of the form's own:
  // its message goes as soon as it is put right, not when it is left (a message going then moves
  // the button under the finger that is pressing it).
  useEffect(() => {
    for (const name of Object.keys(serverErrors ?? {}) as PackageField[]) {
      setValue(name, getValues(name), { shouldTouch: true });
    }
  }, [serverErrors, getValues, setValue]);

  // The press is over once its post is answered (and the page's data after it is in).
  useEffect(() => {
    if (navigation.state === "idle") pressed.current = false;
  }, [navigation.state]);

  // A refusal that arrives while the page runs is handled as a submit with errors (below); counted
  // in the render that shows its messages (react-hook-form takes them in an effect, as this one).
  useEffect(() => {
    if (serverErrors && answer !== arrivedWith) setRefusals((count) => count + 1);
  }, [serverErrors, answer, arrivedWith]);

  const text = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = messageKey(message);
    return key ? t(key) : message;
  };
  const errorOf = (field: PackageField) =>
    field === "package_photo" && photoRefusal ? t(photoRefusal) : text(errors[field]?.message);

  const messages = Object.fromEntries(packageFields.map((field) => [field, errorOf(field)]));
  const firstInvalid = packageFields.find((field) => messages[field]);
  const announcer = useErrorAnnouncer(messages, formState.submitCount + refusals);

  /** What every field takes: its control's id, its message and its test id. */
  const fieldOf = (field: PackageField) => ({
    id: ids[field].input,
    error: errorOf(field),
    testId: `field-${field}`,
  });
  /**
   * A page that arrives refused (posted without the page's scripts) focuses its first invalid field
   * by itself, as the browser loads it.
   */
  const focusOnArrival = (field: PackageField) =>
    !live && answer === arrivedWith && answer !== undefined && firstInvalid === field;

  /** A name field's control: its kept value, its limit, trimmed when it loses focus. */
  const nameInput = (field: "sender_name" | "recipient_name") => ({
    className: inputClassName,
    maxLength: maxLengths[field],
    defaultValue: initial[field],
    // The first field in error of a page that arrived refused.
    autoFocus: focusOnArrival(field),
    ...register(
      field,
      trimOnBlur((value) => setValue(field, value)),
    ),
  });

  // After a submit with errors, or a refusal of the action (once its messages are on screen and tied
  // to their fields), the first field with an error gets the focus; its message is read with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per submit, with that submit's errors
  useLayoutEffect(() => {
    if (formState.submitCount === 0 && refusals === 0) return;
    if (!firstInvalid) return;
    // Spec §5: with errors the page is at the top (a refusal of the action arrives after the press).
    if (refusals > 0) window.scrollTo({ top: 0, behavior: "auto" });
    const element = document.getElementById(ids[firstInvalid].input);
    if (!element) return;
    const moved = document.activeElement !== element;
    element.focus({ preventScroll: true });
    if (!moved) announcer.say(messages[firstInvalid] ?? "");
  }, [formState.submitCount, refusals]);

  const validatedSubmit = useValidatedSubmit(form, {
    // The photo made small in the browser is posted in place of the chosen file. The photo the page
    // arrived with (a refused post's) goes back as it came: a send that may have registered is then
    // repeated byte for byte under its key (the server would make a file smaller again).
    prepare: (formData, values) => {
      formData.delete("package_photo");
      if (values.package_photo && values.package_photo === initial.package_photo) {
        formData.set(keptPhotoField, values.package_photo);
      } else {
        formData.delete(keptPhotoField);
        // None only when the browser could not check (`lazyResolver`): the action says it is missing.
        if (values.package_photo)
          formData.set("package_photo", dataUrlToBlob(values.package_photo), "package-photo.jpg");
      }
      return formData;
    },
    // Spec §5: submit touches every field; with errors it scrolls to the top.
    onInvalid: () => {
      pressed.current = false;
      window.scrollTo({ top: 0, behavior: "auto" });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pressed.current || locked) {
      event.preventDefault();
      return;
    }
    pressed.current = true;
    const task = photoTask.current;
    if (task) {
      // The photo first: the same submit once it is ready.
      event.preventDefault();
      const element = event.currentTarget;
      setWaitingForPhoto(true);
      void task.then(() => {
        setWaitingForPhoto(false);
        pressed.current = false;
        element.requestSubmit();
      });
      return;
    }
    validatedSubmit(event);
  };

  const sizeList = sizes.data ?? [];
  const noLocker = !sizes.isPending && sizeList.length === 0;
  // Every door in use (not a failed call, which the size field alone says): said before anything
  // is typed, not only by the size's refusal after a courier has filled the rest.
  const lockerFull = sizes.isSuccess && sizeList.length === 0;
  const formError =
    answer && !sent && answer.formError !== undefined ? answer.formError || t("errors.somethingWrong") : null;
  const formErrorId = `${ids.sender_name.input}-form-error`;

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className={`stack ${styles.form}`}
      noValidate
      onSubmit={onSubmit}
      // The schema (zod, the contract's rules) loads as the courier starts the form: it is not
      // needed to show it, and the first check waits for it.
      onFocus={() => void loadPackageFormSchema()}
      data-testid="package-form"
      // The form's code runs (not only the server's copy of it).
      data-live={live || undefined}
    >
      <input type="hidden" name={sendKeyField} value={sendKey} />
      {lockerFull ? (
        <p className={styles.lockerFull} data-testid="locker-full">
          <AlertIcon size={20} />
          <span>{t("dropOff.package.lockerFull")}</span>
        </p>
      ) : null}
      <fieldset className={`stack ${styles.fields}`} disabled={locked}>
        <Field
          {...fieldOf("sender_name")}
          label={t("dropOff.package.senderName")}
          hint={t("dropOff.package.senderNameHint")}
        >
          {(fieldProps) => (
            <input {...fieldProps} autoComplete="organization" {...nameInput("sender_name")} />
          )}
        </Field>

        <Field {...fieldOf("recipient_name")} label={t("dropOff.package.recipientName")}>
          {(fieldProps) => <input {...fieldProps} autoComplete="off" {...nameInput("recipient_name")} />}
        </Field>

        <Field
          {...fieldOf("recipient_mobile_number")}
          label={t("dropOff.package.recipientMobileNumber")}
          hint={t("dropOff.package.recipientMobileNumberHint")}
        >
          {(fieldProps) => {
            const phone = register("recipient_mobile_number");
            return (
              <input
                {...fieldProps}
                {...phone}
                // Digits only while typing, cut to the longest number (no `maxLength`: it would cut a
                // pasted "+62 812-…" before its digits are taken out).
                onChange={(event) => {
                  const digits = recipientPhoneInput(event.currentTarget.value);
                  if (digits !== event.currentTarget.value) event.currentTarget.value = digits;
                  return phone.onChange(event);
                }}
                className={inputClassName}
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                placeholder="0811222233333"
                defaultValue={initial.recipient_mobile_number}
                // biome-ignore lint/a11y/noAutofocus: the first field in error of a page that arrived refused
                autoFocus={focusOnArrival("recipient_mobile_number")}
              />
            );
          }}
        </Field>

        <Field {...fieldOf("locker_location")} label={t("dropOff.package.lockerLocation")}>
          {(fieldProps) => (
            <textarea
              {...fieldProps}
              className={`${inputClassName} ${styles.location}`}
              readOnly
              rows={1}
              defaultValue={initial.locker_location}
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
              defaultValue={initial.package_size}
              // biome-ignore lint/a11y/noAutofocus: the first field in error of a page that arrived refused
              autoFocus={focusOnArrival("package_size")}
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
                  bytes={sent && field.value === initial.package_photo ? answer.photoBytes : undefined}
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
                  autoFocus={focusOnArrival("package_photo")}
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
                  id={fieldProps.id}
                  name={field.name}
                  inputRef={field.ref}
                  passed={field.value}
                  onPass={() => field.onChange(true)}
                  onBlur={field.onBlur}
                  invalid={Boolean(fieldProps["aria-invalid"])}
                  describedBy={fieldProps["aria-describedby"]}
                  autoFocus={focusOnArrival("slider_verification")}
                />
              )}
            />
          )}
        </Field>
      </fieldset>

      {announcer.region}
      {formError ? (
        <p className={styles.formError} id={formErrorId} data-testid="package-form-error">
          <AlertIcon size={16} />
          <span>{formError}</span>
        </p>
      ) : null}
      {/* `aria-disabled`, not `disabled`: the button keeps the focus and receives the presses that
          the form then ignores (a disabled one would let a double click select the text around it).
          A page that arrived with its QR, before its scripts run, has nothing to post: disabled. */}
      <Button
        type="submit"
        block
        aria-disabled={waitingForPhoto || locked || undefined}
        disabled={sent && !live}
        aria-describedby={formError ? formErrorId : undefined}
        // A page that arrives refused by the API (posted without scripts, no field to correct): the
        // button takes the focus as the page loads, so its message, just above it, is in view and
        // read with it (with scripts 'Oops...' says it).
        autoFocus={!live && answer === arrivedWith && formError !== null && !firstInvalid}
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
    </Form>
  );
}
