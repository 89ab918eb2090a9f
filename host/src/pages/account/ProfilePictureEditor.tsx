import { isApiError } from '@rec/api-client';
import type { ProfilePictureBody } from '@rec/core';
import { browserStorage, loadRecruiterMe, showErrorToast, showToast } from '@rec/stores';
import { Button, ProfilePicture } from '@rec/ui';
import { useEffect, useId, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../i18n';
import { removeProfilePicture, saveProfilePicture } from './account-api';
import { cropToPicture, PICTURE_FILE_MAX_BYTES, PICTURE_FILE_TYPES } from './picture-crop';

/** Upload, crop to a square (zoom and position sliders, keyboard friendly), save or remove the profile picture. */
export function ProfilePictureEditor({ current, name }: { current: { type: string; base64: string } | string | null; name: string }) {
  const t = useT();
  const fileId = useId();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState({ zoom: 1, x: 0, y: 0 });
  const [preview, setPreview] = useState<ProfilePictureBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ type: string; base64: string } | string | null>(current);

  useEffect(() => {
    setPreview(image ? cropToPicture(image, crop.zoom, crop.x, crop.y) : null);
  }, [image, crop]);

  function choose(file: File | undefined) {
    setError(null);
    setImage(null);
    if (!file) return;
    if (!(PICTURE_FILE_TYPES as readonly string[]).includes(file.type)) return setError(t('account.picture.wrongType'));
    if (file.size > PICTURE_FILE_MAX_BYTES) return setError(t('account.picture.tooLarge'));
    const url = URL.createObjectURL(file);
    const element = new Image();
    element.onload = () => {
      setCrop({ zoom: 1, x: 0, y: 0 });
      setImage(element);
      URL.revokeObjectURL(url);
    };
    element.onerror = () => {
      setError(t('account.picture.unreadable'));
      URL.revokeObjectURL(url);
    };
    element.src = url;
  }

  async function save() {
    if (!preview) return;
    setBusy(true);
    try {
      await saveProfilePicture(preview);
      setShown(preview);
      setImage(null);
      await loadRecruiterMe(api, browserStorage(), { refresh: true });
      showToast({ tone: 'success', title: 'account.picture.saved' });
    } catch (caught) {
      showErrorToast(isApiError(caught) ? caught.key : null);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await removeProfilePicture();
      setShown(null);
      await loadRecruiterMe(api, browserStorage(), { refresh: true });
      showToast({ tone: 'success', title: 'account.picture.removed' });
    } catch (caught) {
      showErrorToast(isApiError(caught) ? caught.key : null);
    } finally {
      setBusy(false);
    }
  }

  const slider = (key: 'zoom' | 'x' | 'y', min: number, max: number, step: number) => (
    <div className="rec-field account-slider">
      <label htmlFor={`${fileId}-${key}`} className="rec-field-label">
        {t(`account.picture.${key}`)}
      </label>
      <input
        id={`${fileId}-${key}`}
        type="range"
        min={min}
        max={max}
        step={step}
        value={crop[key]}
        onChange={(event) => setCrop({ ...crop, [key]: Number(event.currentTarget.value) })}
      />
    </div>
  );

  return (
    <section aria-labelledby={`${fileId}-title`} className="account-picture">
      <h2 id={`${fileId}-title`}>{t('account.picture.title')}</h2>
      <div className="account-picture-row">
        <ProfilePicture picture={preview ?? shown} alt={name ? t('account.picture.alt', { name }) : ''} size={100} />
        <div>
          <div className="rec-field">
            <label htmlFor={fileId} className="rec-field-label">
              {t('account.picture.choose')}
            </label>
            <input id={fileId} type="file" accept={PICTURE_FILE_TYPES.join(',')} onChange={(event) => choose(event.currentTarget.files?.[0])} aria-describedby={`${fileId}-hint`} />
            <p id={`${fileId}-hint`} className="rec-field-hint">
              {t('account.picture.hint')}
            </p>
            {error ? (
              <p className="rec-field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          {image ? (
            <fieldset className="account-crop">
              <legend>{t('account.picture.crop')}</legend>
              {slider('zoom', 1, 4, 0.1)}
              {slider('x', -1, 1, 0.05)}
              {slider('y', -1, 1, 0.05)}
            </fieldset>
          ) : null}
          <div className="account-actions">
            {image ? (
              <Button onClick={save} busy={busy}>
                {t('account.picture.save')}
              </Button>
            ) : null}
            {shown && !image ? (
              <Button variant="secondary" onClick={remove} busy={busy}>
                {t('account.picture.remove')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
