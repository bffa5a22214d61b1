import { type ChangeEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { Icon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { type TKey, useT } from "../../../lib/i18n/i18n";
import { compressPhoto, dataUrlBytes, formatBytes, PhotoError } from "../lib/compress-photo";
import { keptPhotoField } from "../lib/package-form";
import styles from "./photo-field.module.css";

interface PhotoFieldProps {
  id: string;
  /** The file input's name: the form posts the chosen file by it (the page's scripts: made small). */
  name: string;
  /** The photo, made small, as a data URL ("" without one). */
  value: string;
  /** Its size when `value` only shows it (a thumbnail of the photo sent). */
  bytes?: number;
  onChange: (dataUrl: string) => void;
  onBlur: () => void;
  /** A file was refused; the key of the message to show. */
  onRefuse: (messageKey: TKey) => void;
  /**
   * A chosen file is being prepared; `task` settles once it is kept or refused (it never rejects).
   * The form waits for it when submitted meanwhile.
   */
  onPreparing?: (task: Promise<void>) => void;
  invalid: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement | null>;
  /** Focus the file input as the page loads (the first field in error of a refused post). */
  autoFocus?: boolean;
}

/**
 * Package photo: image files only, shrunk in the browser before it is kept (see `compressPhoto`),
 * with a thumbnail that opens a preview modal. Without the page's scripts the file input is the
 * form's own: the chosen file is posted as it is (the form's server makes it small) and the status
 * line says a photo is chosen. A photo the form already has (kept from a refused post) is posted
 * back in a hidden field, so that it need not be chosen again.
 */
export function PhotoField({
  id,
  name,
  value,
  bytes,
  onChange,
  onBlur,
  onRefuse,
  onPreparing,
  invalid,
  describedBy,
  inputRef,
  autoFocus,
}: PhotoFieldProps) {
  const { t } = useT();
  const [preparing, setPreparing] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(inputRef, () => input.current as HTMLInputElement, []);

  const prepare = async (file: File) => {
    setPreparing(true);
    try {
      const photo = await compressPhoto(file);
      onChange(photo.dataUrl);
    } catch (error) {
      onRefuse(
        error instanceof PhotoError && error.reason === "not-image"
          ? "dropOff.package.messages.photoNotImage"
          : "dropOff.package.messages.photoUnreadable",
      );
    } finally {
      setPreparing(false);
      onBlur();
    }
  };

  const take = (field: HTMLInputElement) => {
    const file = field.files?.[0];
    // Let the same file be chosen again after a refusal (the form posts the prepared photo).
    field.value = "";
    if (!file) return;
    onPreparing?.(prepare(file));
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget);

  // A photo chosen before the page's scripts ran is prepared as if chosen now.
  const [takeFirst] = useState(() => take);
  useEffect(() => {
    if (input.current?.files?.length) takeFirst(input.current);
  }, [takeFirst]);

  return (
    <div className={styles.field} data-invalid={invalid || undefined}>
      {value ? (
        <button
          type="button"
          className={styles.thumb}
          onClick={() => setPreviewOpen(true)}
          aria-label={t("dropOff.package.photoView")}
          data-testid="photo-thumbnail"
        >
          <img src={value} alt="" />
        </button>
      ) : (
        <span className={styles.placeholder} aria-hidden="true">
          <Icon size={28}>
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </Icon>
        </span>
      )}
      <div className={`stack ${styles.side}`}>
        <p className={styles.status} id={statusId} aria-live="polite" data-testid="photo-status">
          {preparing ? (
            <>
              <Spinner size={16} /> {t("dropOff.package.photoPreparing")}
            </>
          ) : value ? (
            t("dropOff.package.photoReady", { size: formatBytes(bytes ?? dataUrlBytes(value)) })
          ) : (
            <>
              <span className={styles.hint}>{t("dropOff.package.photoHint")}</span>
              {/* Shown by the stylesheet once a file is chosen and the form will post it as it is. */}
              <span className={styles.chosen}>{t("dropOff.package.photoChosen")}</span>
            </>
          )}
        </p>
        <div className={`cluster ${styles.actions}`}>
          <label className={styles.choose} data-variant={value ? "secondary" : "primary"}>
            {value ? <input type="hidden" name={keptPhotoField} value={value} /> : null}
            <input
              ref={input}
              id={id}
              name={name}
              type="file"
              accept="image/*"
              // Required until there is a photo: a chosen file makes the input valid, which the
              // stylesheet shows (the form itself does not use the browser's checks).
              required={!value}
              // biome-ignore lint/a11y/noAutofocus: the first field in error of a page that arrived refused
              autoFocus={autoFocus}
              className={styles.input}
              aria-invalid={invalid || undefined}
              aria-describedby={[statusId, describedBy].filter(Boolean).join(" ")}
              // Not `disabled` while the photo is prepared: that would take the focus from the
              // control just used (to the page's body, where a screen reader loses its place).
              aria-disabled={preparing || undefined}
              onClick={(event) => {
                if (preparing) event.preventDefault();
              }}
              onChange={onFile}
              data-testid="photo-input"
            />
            {value ? t("dropOff.package.photoChange") : t("dropOff.package.photoChoose")}
          </label>
          {value ? (
            <Button variant="ghost" onClick={() => setPreviewOpen(true)} data-testid="photo-view">
              {t("dropOff.package.photoView")}
            </Button>
          ) : null}
        </div>
      </div>
      <Dialog
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        title={t("dropOff.package.photoPreviewTitle")}
        testId="photo-preview"
        actions={
          <Button block onClick={() => setPreviewOpen(false)} data-autofocus>
            {t("common.close")}
          </Button>
        }
      >
        {value ? (
          <img className={styles.preview} src={value} alt={t("dropOff.package.photoPreviewAlt")} />
        ) : null}
      </Dialog>
    </div>
  );
}
