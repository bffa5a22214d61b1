import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { type ReactNode, useEffect, useId, useLayoutEffect, useState } from "react";
import { useNavigate } from "react-router";
import { isFeatureEnabled, useSettings } from "../../../api/settings";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { ScreenSkeleton, Spinner } from "../../../components/loaders";
import { PageTitle } from "../../../components/page-title";
import { useVariant } from "../../../hooks/use-variant";
import { errorMessage } from "../../../lib/api-client";
import { formatRupiah } from "../../../lib/format";
import { type TKey, useT } from "../../../lib/i18n";
import { isSafeUrl } from "../../../lib/safe-url";
import { storage } from "../../../lib/storage";
import { paths } from "../../../paths";
import { isFullDetail, useOverdueDetail } from "../api/overdue-detail";
import { overdueEntryTarget, type PaymentReturn } from "../lib/entry";

/** The payment calls load when the person pays, not with the page. */
const paymentFlow = () => import("../lib/pay-overdue");

import { useFormatDateTime } from "../../../hooks/use-hydration";
import { generateInvoiceNumber } from "../lib/invoice-number";
import { type OverdueFormInput, overdueFormErrors } from "../lib/overdue-form";
import styles from "./overdue-payment-screen.module.css";

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

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
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
  const [values, setValues] = useState<OverdueFormInput>({
    receiver_name: detail.recipientName,
    phone: detail.takeUserPhoneNumber,
    email: "",
  });
  const [touched, setTouched] = useState<Partial<Record<keyof OverdueFormInput, boolean>>>({
    receiver_name: true,
    phone: true,
  });
  const [processing, setProcessing] = useState(false);
  // Attempts to submit with a field in error (Enter in the e-mail field: the button is disabled).
  const [attempts, setAttempts] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const ids = {
    form: useId(),
    breakdown: useId(),
    name: useId(),
    phone: useId(),
    email: useId(),
    emailHint: useId(),
  };

  const errors = overdueFormErrors(values);
  const valid = Object.keys(errors).length === 0;
  const shown = (field: keyof OverdueFormInput) => (touched[field] ? errors[field] : undefined);
  const fields = ["receiver_name", "phone", "email"] as const;
  const messages = Object.fromEntries(
    fields.map((field) => {
      const key = shown(field);
      return [field, key ? t(key) : undefined];
    }),
  );
  const announcer = useErrorAnnouncer(messages, attempts);
  const fieldIds = { receiver_name: ids.name, phone: ids.phone, email: ids.email };

  // After an attempt with errors, the first field in error gets the focus and its message is read
  // with it; when the focus is already there (Enter in the e-mail field), the message is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per attempt, with that attempt's errors
  useLayoutEffect(() => {
    if (attempts === 0) return;
    const first = fields.find((field) => messages[field]);
    const element = first ? document.getElementById(fieldIds[first]) : null;
    if (!first || !element) return;
    const moved = document.activeElement !== element;
    element.focus();
    if (!moved) announcer.say(messages[first] ?? "");
  }, [attempts]);

  /** Enter in a field while something is wrong: show every message and go to the first. */
  const attempt = () => {
    setValues((current) => ({ ...current, email: current.email.trim() }));
    setTouched({ receiver_name: true, phone: true, email: true });
    setAttempts((count) => count + 1);
  };

  // Fetched while the person reads the fee, so paying does not wait for it.
  useEffect(() => {
    void paymentFlow();
  }, []);

  const pay = async () => {
    setTouched({ receiver_name: true, phone: true, email: true });
    if (!valid || processing || !settings.data) return;
    setProcessing(true);
    try {
      const { payOverdue, returnUrls } = await paymentFlow();
      const url = await payOverdue({
        detail,
        email: values.email.trim(),
        invoiceNumber,
        receiverName: values.receiver_name.trim(),
        phone: values.phone.replace(/\D+/g, ""),
        language,
        snap: isFeatureEnabled(settings.data, "snap_bi_dropoff"),
        urls: returnUrls(window.location.origin, detail.id, linkToken),
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

  const warning =
    paymentReturn === "cancel"
      ? t("dropOff.overdue.cancelled")
      : paymentReturn === "failed"
        ? t("dropOff.overdue.failed")
        : null;
  const emailError = shown("email");
  const sticky = variant === "mobile";

  return (
    <div className={styles.screen} data-testid="overdue-screen" data-variant={variant}>
      <PageTitle title={t("header.overdueFee")} />
      {warning ? (
        <div className={styles.warning} role="alert" data-testid="overdue-warning">
          <AlertIcon size={20} />
          <p>{warning}</p>
        </div>
      ) : null}

      <section className={styles.card} aria-labelledby={`${ids.breakdown}-title`}>
        <h2 id={`${ids.breakdown}-title`} className={styles.cardTitle}>
          {t("dropOff.overdue.heading")}
        </h2>
        <p className={styles.muted}>{t("dropOff.overdue.intro")}</p>
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
      </section>

      <form
        id={ids.form}
        className={styles.card}
        noValidate
        aria-labelledby={`${ids.name}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
        data-testid="overdue-form"
      >
        <h2 id={`${ids.name}-heading`} className={styles.cardTitle}>
          {t("dropOff.overdue.receiverHeading")}
        </h2>
        <Field id={ids.name} label={t("dropOff.overdue.receiverName")} error={shown("receiver_name")}>
          <input
            id={ids.name}
            className={styles.input}
            value={values.receiver_name}
            readOnly
            aria-invalid={shown("receiver_name") ? true : undefined}
            aria-describedby={shown("receiver_name") ? `${ids.name}-error` : undefined}
            data-testid="overdue-receiver-name"
          />
        </Field>
        <Field id={ids.phone} label={t("dropOff.overdue.phone")} error={shown("phone")}>
          <input
            id={ids.phone}
            className={styles.input}
            type="tel"
            inputMode="numeric"
            value={values.phone}
            readOnly
            aria-invalid={shown("phone") ? true : undefined}
            aria-describedby={shown("phone") ? `${ids.phone}-error` : undefined}
            data-testid="overdue-phone"
          />
        </Field>
        <Field
          id={ids.email}
          label={t("dropOff.overdue.email")}
          error={emailError}
          hint={t("dropOff.overdue.emailHint")}
          hintId={ids.emailHint}
        >
          <input
            id={ids.email}
            className={styles.input}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            placeholder={t("dropOff.overdue.emailPlaceholder")}
            value={values.email}
            onChange={(event) => {
              const email = event.currentTarget.value;
              setValues((current) => ({ ...current, email }));
            }}
            onBlur={(event) => {
              const email = event.currentTarget.value.trim();
              setValues((current) => ({ ...current, email }));
              setTouched((current) => ({ ...current, email: true }));
            }}
            onKeyDown={(event) => {
              // The disabled Select Payment button blocks Enter's submit: say what is missing instead.
              if (event.key === "Enter" && !valid) {
                event.preventDefault();
                attempt();
              }
            }}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={[ids.emailHint, emailError ? `${ids.email}-error` : ""]
              .filter(Boolean)
              .join(" ")}
            data-testid="overdue-email"
          />
        </Field>
        {announcer.region}
      </form>

      <div className={sticky ? styles.stickyBar : styles.inlineBar} data-testid="overdue-actions">
        {!valid && !emailError ? (
          <p className={styles.reason} id={`${ids.email}-reason`}>
            {t("dropOff.overdue.disabledReason")}
          </p>
        ) : null}
        <Button
          type="submit"
          form={ids.form}
          block
          disabled={!valid || processing || !settings.data}
          aria-describedby={!valid ? (emailError ? `${ids.email}-error` : `${ids.email}-reason`) : undefined}
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
      </div>

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

function Field({
  id,
  label,
  error,
  hint,
  hintId,
  children,
}: {
  id: string;
  label: string;
  error?: TKey | undefined;
  hint?: string;
  hintId?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={`${id}-error`} data-testid="field-error">
          <AlertIcon size={16} />
          <span>{t(error)}</span>
        </p>
      ) : null}
    </div>
  );
}
