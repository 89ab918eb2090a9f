import { downloadApplicantsExport, EXPORT_CATEGORIES, type ExportCategory, exportFileName, isApiError, type OpeningResource } from '@rec/api-client';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Dialog } from '@rec/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { formatBytes } from './shared';

/** Saves a Blob under `name` through an object URL and a temporary <a download>. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface Progress {
  received: number;
  total: number | null;
}

/**
 * The export of applicant data (spec §2): the three categories, all chosen at first; the
 * download streams with its progress shown, then is saved under the server's name ('Candidates Data {title} ({ref}).xlsx' in the
 * recruiter's language).
 */
export function ExportDialog({
  opening,
  open,
  onClose,
  returnFocus,
  applicationIds,
}: {
  opening: OpeningResource;
  open: boolean;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
  /** Export only these applications (the pipeline's selection). */
  applicationIds?: readonly string[];
}) {
  const t = useT();
  const id = useId();
  const [chosen, setChosen] = useState<ExportCategory[]>([...EXPORT_CATEGORIES]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (open) {
      setChosen([...EXPORT_CATEGORIES]);
      setProgress(null);
      setError(null);
    }
    return () => abort.current?.abort();
  }, [open]);

  const busy = progress !== null;

  function toggle(category: ExportCategory, on: boolean) {
    setError(null);
    setChosen((current) => EXPORT_CATEGORIES.filter((item) => (item === category ? on : current.includes(item))));
  }

  async function download() {
    if (!chosen.length) {
      setError(t('openings.export.noCategory'));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ received: 0, total: null });
    try {
      const download = await downloadApplicantsExport(api, opening._id, chosen, {
        locale: $locale.get(),
        signal: controller.signal,
        onProgress: (received, total) => setProgress({ received, total }),
        ...(applicationIds?.length ? { applicationIds } : {}),
      });
      // The server names the file in the recruiter's language, safe for file systems.
      saveBlob(download.blob, download.fileName ?? exportFileName(opening));
      showToast({ tone: 'success', title: 'openings.toast.exported' });
      onClose();
    } catch (failure) {
      if (controller.signal.aborted) return;
      showErrorToast(isApiError(failure) ? failure.key : null);
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  }

  function cancel() {
    abort.current?.abort();
    onClose();
  }

  const locale = $locale.get();
  const progressText = progress
    ? progress.total
      ? t('openings.export.receivedOf', { size: formatBytes(progress.received, locale), total: formatBytes(progress.total, locale) })
      : t('openings.export.received', { size: formatBytes(progress.received, locale) })
    : '';

  return (
    <Dialog
      open={open}
      title={t('openings.export.title')}
      onClose={cancel}
      closeLabel={t('openings.close')}
      {...(returnFocus ? { returnFocus } : {})}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            {t('openings.cancel')}
          </Button>
          <Button onClick={download} busy={busy}>
            {busy ? t('openings.export.downloading') : t('openings.export.download')}
          </Button>
        </>
      }
    >
      <p>{t('openings.export.intro', { title: opening.title })}</p>
      <fieldset className="checkbox-group" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{t('openings.export.legend')}</legend>
        {EXPORT_CATEGORIES.map((category) => (
          <div key={category} className="checkbox">
            <input
              type="checkbox"
              id={`${id}-${category}`}
              name="categories"
              value={category}
              checked={chosen.includes(category)}
              disabled={busy}
              onChange={(event) => toggle(category, event.target.checked)}
            />
            <label htmlFor={`${id}-${category}`}>{t(`openings.export.categories.${category}`)}</label>
          </div>
        ))}
      </fieldset>
      {error ? (
        <p id={`${id}-error`} className="rec-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {progress ? (
        <div className="export-progress">
          <label htmlFor={`${id}-progress`}>{t('openings.export.progressLabel')}</label>
          {progress.total ? (
            <progress id={`${id}-progress`} max={progress.total} value={progress.received} aria-valuetext={progressText} />
          ) : (
            // No Content-Length: an indeterminate bar, with the bytes received beside it.
            <progress id={`${id}-progress`} aria-valuetext={progressText} />
          )}
          <p role="status">{progressText}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
