import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { useEffect, useId, useLayoutEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { isFeatureEnabled, useSettings } from "../../../api/settings";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { ScreenSkeleton, Spinner } from "../../../components/loaders";
import { PageTitle } from "../../../components/page-title";
import { Card, CardTitle, cardStyles } from "../../../components/ui/card";
import { Field, fieldIds, inputClassName, trimOnBlur } from "../../../components/ui/field";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { useVariant } from "../../../hooks/use-variant";
import { errorMessage } from "../../../lib/api-client";
import { useEnteredBeforeHydration } from "../../../lib/entered-before-hydration";
import { formatRupiah } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { lazyModule } from "../../../lib/lazy-module";
import { isSafeUrl } from "../../../lib/safe-url";
import { sentBackState } from "../../../lib/sent-back";
import { storage } from "../../../lib/storage";
import { paths } from "../../../paths";
import { isFullDetail, useOverdueDetail } from "../api/overdue-detail";
import { overdueEntryTarget, type PaymentReturn } from "../lib/entry";
import { generateInvoiceNumber } from "../lib/invoice-number";
import { keptEmail } from "../lib/kept-email";
import {
  type OverdueField,
  type OverdueFormInput,
  type OverdueFormValues,
  overdueFields,
  overdueFormResolver,
  overdueMessageKey,
  prefilledErrors,
} from "../lib/overdue-form";
import styles from "./overdue-payment-screen.module.css";

/**
 * The payment calls are not part of the page: they load once the person starts on the form or it
 * can be sent (Select Payment is disabled until then), so a visit that only reads the fee never
 * loads them and paying does not wait for them.
 */
const paymentFlow = lazyModule(() => import("../lib/pay-overdue"));
const loadPaymentFlow = () => void paymentFlow.load().catch(() => undefined);

interface OverduePaymentScreenProps {
  orderid: number | null;
  token: string | null;
  linkToken: string | null;
  paymentReturn: PaymentReturn;
  /** The invoice number the server rendered the page with, if it did. */
  invoiceNumber?: string | null;
}

/** Overdue payment page (spec §2 "Overdue payment page", §4 entry rules, §5, §7). */
export function OverduePaymentScreen({
  orderid,
  token,
  linkToken,
  paymentReturn,
  invoiceNumber = null,
}: OverduePaymentScreenProps) {
  const navigate = useNavigate();
  const detail = useOverdueDetail(orderid, token);
  const enabled = orderid !== null;
  const data = enabled ? detail.data : undefined;

  // Spec §4 entry rules; a gateway's successful return goes to the page that checks it with the server.
  const target = (() => {
    if (orderid === null) return paths.home.href();
    if (paymentReturn === "success") {
      return paths.overdue.successPayment.href({ orderid, token: linkToken ?? undefined });
    }
    if (detail.isError) return paths.home.href();
    if (!data) return null;
    const entry = overdueEntryTarget(data, orderid, linkToken);
    if (entry) return entry;
    // Staying needs the full detail, which only the link's token gives.
    return isFullDetail(data) ? null : paths.home.href();
  })();

  // Marked as sent back: the order page then does not send the visitor here again (lib/sent-back.ts).
  useEffect(() => {
    if (target) void navigate(target, { replace: true, state: sentBackState() });
  }, [target, navigate]);

  useEffect(() => {
    if (!isFullDetail(data) || target) return;
    storage.set("overdue", String(data.id));
    storage.set("overdue_dropoff_data", data);
  }, [data, target]);

  if (target || !isFullDetail(data)) return <ScreenSkeleton cards={3} />;
  return (
    <OverdueForm
      detail={data}
      token={token}
      linkToken={linkToken}
      paymentReturn={paymentReturn}
      invoiceNumber={invoiceNumber}
    />
  );
}

function OverdueForm({
  detail,
  token,
  linkToken,
  paymentReturn,
  invoiceNumber: renderedInvoiceNumber,
}: {
  detail: OverdueDropoffDetail;
  token: string | null;
  linkToken: string | null;
  paymentReturn: PaymentReturn;
  invoiceNumber: string | null;
}) {
  const { t, language } = useT();
  const formatTime = useFormatDateTime();
  const variant = useVariant();
  const settings = useSettings();
  const [invoiceNumber] = useState(() => renderedInvoiceNumber ?? generateInvoiceNumber());
  const [expanded, setExpanded] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const ids = {
    form: useId(),
    breakdown: useId(),
    receiver_name: useId(),
    phone: useId(),
    email: useId(),
  };
  const emailIds = fieldIds(ids.email);

  // The prefilled name and phone cannot be changed here: what is wrong with them shows from the
  // first render (the server's HTML); the email's message once the person has left it, or tried to
  // pay. An email typed into the server's HTML before the page hydrated is kept.
  const { email: typedEmail } = useEnteredBeforeHydration('form[data-testid="overdue-form"]', () => ({
    email: "",
  }));
  const [prefilled] = useState(() => ({
    receiver_name: detail.recipientName,
    phone: detail.takeUserPhoneNumber,
    email: typedEmail,
  }));
  const [initialErrors] = useState(() => prefilledErrors(prefilled));
  const { register, handleSubmit, setValue, getValues, formState } = useForm<
    OverdueFormInput,
    unknown,
    OverdueFormValues
  >({
    resolver: overdueFormResolver,
    defaultValues: prefilled,
    errors: initialErrors,
    mode: "onTouched",
    shouldFocusError: false,
  });
  const { isValid, submitCount } = formState;

  const message = (field: OverdueField) => {
    const key = overdueMessageKey(formState.errors[field]?.message);
    return key ? t(key) : undefined;
  };
  const fieldOf = (field: OverdueField) => ({ id: ids[field], error: message(field) });
  const messages = Object.fromEntries(overdueFields.map((field) => [field, message(field)]));
  const announcer = useErrorAnnouncer(messages, submitCount);

  // After an attempt with errors, the first field in error gets the focus and its message is read
  // with it; when the focus is already there (Enter in the e-mail field), the message is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per attempt, with that attempt's errors
  useLayoutEffect(() => {
    if (submitCount === 0) return;
    const first = overdueFields.find((field) => messages[field]);
    const element = first ? document.getElementById(ids[first]) : null;
    if (!first || !element) return;
    const moved = document.activeElement !== element;
    element.focus();
    if (!moved) announcer.say(messages[first] ?? "");
  }, [submitCount]);

  // The email typed before a failed or cancelled payment (kept for this tab).
  useEffect(() => {
    const email = keptEmail(detail.id);
    if (email && !getValues("email")) {
      setValue("email", email, { shouldTouch: true, shouldValidate: true });
    }
  }, [detail.id, getValues, setValue]);

  useEffect(() => {
    if (isValid || document.getElementById(ids.form)?.contains(document.activeElement)) loadPaymentFlow();
  }, [isValid, ids.form]);

  // History back from the payment page to this page as it was left (back-forward cache): Select
  // Payment works again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setProcessing(false);
    addEventListener("pageshow", restored);
    return () => removeEventListener("pageshow", restored);
  }, []);

  const pay = async (values: OverdueFormValues) => {
    if (processing || !settings.data) return;
    setProcessing(true);
    try {
      const { payOverdue, returnUrls } = await paymentFlow.load();
      const url = await payOverdue({
        detail,
        email: values.email,
        invoiceNumber,
        receiverName: values.receiver_name,
        phone: values.phone,
        language,
        snap: isFeatureEnabled(settings.data, "snap_bi_dropoff"),
        urls: returnUrls(window.location.origin, detail.id, linkToken ?? token),
        token,
      });
      if (url === null) {
        // Spec §8: another code from the submit only stops the loading.
        setProcessing(false);
        return;
      }
      if (!isSafeUrl(url)) throw new Error("The payment page address is not an http(s) URL");
      window.location.assign(url);
    } catch (error) {
      setFailure(error);
      setProcessing(false);
    }
  };
  /**
   * Select Payment, or Enter in the email field: pay, or show every message and go to the first.
   * The email shows as sent, without the spaces around it (the rules trim it too).
   */
  const submit = () => {
    const email = getValues("email") ?? "";
    if (email.trim() !== email) setValue("email", email.trim());
    return handleSubmit(pay)();
  };
  const email = register(
    "email",
    trimOnBlur((value) => setValue("email", value)),
  );

  const warning =
    paymentReturn === "cancel"
      ? t("dropOff.overdue.cancelled")
      : paymentReturn === "failed"
        ? t("dropOff.overdue.failed")
        : null;
  const emailError = message("email");

  return (
    <div className={styles.screen} data-testid="overdue-screen" data-variant={variant}>
      <PageTitle title={t("header.overdueFee")} />
      {warning ? (
        <div className={styles.warning} role="alert" data-testid="overdue-warning">
          <AlertIcon size={20} />
          <p lang="id">{warning}</p>
        </div>
      ) : null}

      <Card as="section" aria-labelledby={`${ids.breakdown}-title`}>
        <CardTitle id={`${ids.breakdown}-title`}>{t("dropOff.overdue.heading")}</CardTitle>
        <p className={cardStyles.muted}>{t("dropOff.overdue.intro")}</p>
        <dl className={styles.rows}>
          <Row label={t("dropOff.overdue.invoiceNumber")} value={invoiceNumber} testId="overdue-invoice" />
          <Row
            label={t("dropOff.overdue.orderNumber")}
            value={detail.expressNumber}
            testId="overdue-order-number"
          />
          <Row label={t("dropOff.overdue.sender")} value={detail.senderName} />
          <Row label={t("dropOff.overdue.createdAt")} value={formatTime(detail.createTime)} />
          <Row label={t("dropOff.overdue.location")} value={detail.mouth.box.name} />
          <Row label={t("dropOff.overdue.doorNumber")} value={detail.mouth.number} testId="overdue-door" />
        </dl>
        <div className={styles.total}>
          <button
            type="button"
            className={styles.totalToggle}
            aria-expanded={expanded}
            aria-controls={ids.breakdown}
            onClick={() => setExpanded((open) => !open)}
            data-testid="overdue-total-toggle"
          >
            <span className={styles.totalLabel}>
              {t("dropOff.overdue.total")}
              <span className="visually-hidden">
                {" "}
                ({expanded ? t("dropOff.overdue.hideBreakdown") : t("dropOff.overdue.showBreakdown")})
              </span>
            </span>
            <span className={styles.totalValue} data-testid="overdue-total">
              {formatRupiah(detail.overdueTotalPrice)}
            </span>
            <span className={styles.chevron} data-open={expanded || undefined} aria-hidden="true" />
          </button>
          <dl
            id={ids.breakdown}
            className={styles.breakdown}
            hidden={!expanded}
            data-testid="overdue-breakdown"
          >
            <Row label={t("dropOff.overdue.feePerDay")} value={formatRupiah(detail.overdueBasePrice)} />
            <Row
              label={t("dropOff.overdue.days")}
              value={t("dropOff.overdue.daysValue", { count: detail.overdueDays })}
            />
          </dl>
        </div>
      </Card>

      <Card
        as="form"
        id={ids.form}
        noValidate
        aria-labelledby={`${ids.receiver_name}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        onFocus={loadPaymentFlow}
        data-testid="overdue-form"
      >
        <CardTitle id={`${ids.receiver_name}-heading`}>{t("dropOff.overdue.receiverHeading")}</CardTitle>
        <Field {...fieldOf("receiver_name")} label={t("dropOff.overdue.receiverName")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              value={prefilled.receiver_name}
              className={inputClassName}
              readOnly
              data-testid="overdue-receiver-name"
            />
          )}
        </Field>
        <Field {...fieldOf("phone")} label={t("dropOff.overdue.phone")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              value={prefilled.phone}
              className={inputClassName}
              type="tel"
              inputMode="numeric"
              readOnly
              data-testid="overdue-phone"
            />
          )}
        </Field>
        <Field {...fieldOf("email")} label={t("dropOff.overdue.email")} hint={t("dropOff.overdue.emailHint")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              {...email}
              className={inputClassName}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder={t("dropOff.overdue.emailPlaceholder")}
              onKeyDown={(event) => {
                // The disabled Select Payment button blocks Enter's submit: say what is missing instead.
                if (event.key === "Enter" && !isValid) {
                  event.preventDefault();
                  void submit();
                }
              }}
              data-testid="overdue-email"
            />
          )}
        </Field>
        {announcer.region}
      </Card>

      <StickyActionBar
        sticky={variant === "mobile"}
        className={styles.actions}
        note={!isValid && !emailError ? t("dropOff.overdue.disabledReason") : null}
        noteId={`${ids.email}-reason`}
        data-testid="overdue-actions"
      >
        <Button
          type="submit"
          form={ids.form}
          block
          disabled={!isValid || processing || !settings.data}
          aria-describedby={!isValid ? (emailError ? emailIds.error : `${ids.email}-reason`) : undefined}
          data-testid="overdue-select-payment"
        >
          {processing ? (
            <>
              <Spinner size={18} /> {t("dropOff.overdue.processing")}
            </>
          ) : (
            t("dropOff.overdue.selectPayment")
          )}
        </Button>
      </StickyActionBar>

      <ErrorDialog
        open={failure !== null}
        message={errorMessage(failure, t("errors.somethingWrong"))}
        onClose={() => setFailure(null)}
      />
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
