import { type ChangeEvent, type Ref, useId, useState } from "react";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { Icon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { type TKey, useT } from "../../../lib/i18n/i18n";
import { compressPhoto, dataUrlBytes, formatBytes, PhotoError } from "../lib/compress-photo";
import styles from "./photo-field.module.css";

interface PhotoFieldProps {
  id: string;
  /** The file input's name (a server's copy of the form hands a chosen file over by it). */
  name?: string;
  value: string;
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
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Package photo: image files only, shrunk in the browser before it is kept (see `compressPhoto`),
 * with a thumbnail that opens a preview modal.
 */
export function PhotoField({
  id,
  name,
  value,
  onChange,
  onBlur,
  onRefuse,
  onPreparing,
  invalid,
  describedBy,
  inputRef,
}: PhotoFieldProps) {
  const { t } = useT();
  const [preparing, setPreparing] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const statusId = useId();

  const prepare = async (file: File) => {
    setPreparing(true);
    try {
      const photo = await compressPhoto(file);
      onChange(photo.dataUrl);
    } catch (error) {
      onRefuse(
        error instanceof PhotoError && error.reason === "not-image"
          ? "dropOff.package.photoNotImage"
          : "dropOff.package.photoUnreadable",
      );
    } finally {
      setPreparing(false);
      onBlur();
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be chosen again after a refusal.
    input.value = "";
    if (!file) return;
    const task = prepare(file);
    onPreparing?.(task);
    void task;
  };

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
      <div className={styles.side}>
        <p className={styles.status} id={statusId} aria-live="polite" data-testid="photo-status">
          {preparing ? (
            <>
              <Spinner size={16} /> {t("dropOff.package.photoPreparing")}
            </>
          ) : value ? (
            t("dropOff.package.photoReady", { size: formatBytes(dataUrlBytes(value)) })
          ) : (
            t("dropOff.package.photoHint")
          )}
        </p>
        <div className={styles.actions}>
          <label className={styles.choose} data-variant={value ? "secondary" : "primary"}>
            <input
              ref={inputRef}
              id={id}
              name={name}
              type="file"
              accept="image/*"
              className={styles.input}
              aria-invalid={invalid || undefined}
              aria-describedby={[statusId, describedBy].filter(Boolean).join(" ")}
              disabled={preparing}
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
          <Button block onClick={() => setPreviewOpen(false)} autoFocus>
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
