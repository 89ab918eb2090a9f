import { type CompanyLogo, LOGO_EXTENSIONS, LOGO_MASKS, type LogoMask, UPLOAD } from '@rec/core';
import { acceptAttribute, checkUploadFile } from '@rec/core/files';
import { createLogo, deleteLogo, setDefaultLogo, updateLogo } from '@rec/api-client';
import { $company, loadCompany, showToast } from '@rec/stores';
import { Button, Dialog } from '@rec/ui';
import { type FormEvent, useRef, useState } from 'react';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useSettingsAction } from '../use-settings-action';

/** Reads a chosen file as base64 (spec §3: a logo's file is sent as base64 and type). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The logo at most 160 px wide in the list, its aspect kept (width and height known, nothing shifts). */
export function logoBox(logo: { width: number; height: number }, maxWidth = 160, maxHeight = 64) {
  const scale = Math.min(1, maxWidth / logo.width, maxHeight / logo.height);
  return { width: Math.max(1, Math.round(logo.width * scale)), height: Math.max(1, Math.round(logo.height * scale)) };
}

/**
 * The logos of spec §3/§5/§6/§8: upload (type and size checked here first, then by content on the
 * server), set default, rename, delete with confirmation; every outcome a toast.
 */
export function LogosSection({ logos, onChanged }: { logos: CompanyLogo[]; onChanged: () => Promise<void> }) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [name, setName] = useState('');
  const [mask, setMask] = useState<LogoMask>('WHITE');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<CompanyLogo | null>(null);

  async function refresh() {
    await onChanged();
    // The back-office shell shows the default logo: its company store learns of the change.
    const company = $company.get();
    if (company) await loadCompany(api, company._id, { force: true }).catch(() => undefined);
  }

  const { busy, run } = useSettingsAction(refresh);

  async function upload(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      showToast({ tone: 'error', title: 'logos.fileRequired' });
      return;
    }
    // Spec §8: the upload warnings, before anything is sent.
    const problem = checkUploadFile(file, LOGO_EXTENSIONS, UPLOAD.logoMaxMb);
    if (problem) {
      showToast({ tone: 'error', title: problem.key, values: problem.params as Record<string, string | number> });
      return;
    }
    const chosenName = name.trim() || file.name.replace(/\.[^.]+$/, '').slice(0, UPLOAD.logoNameMaxLength);
    const done = await run(async () => createLogo(api, { name: chosenName, options: { mask }, file: { base64: await readBase64(file), type: file.type } }), 'logos.uploaded', {
      name: chosenName,
    });
    if (done) {
      setName('');
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <section className="settings-section" aria-labelledby="logos-title">
      <h2 id="logos-title">{t('logos.title')}</h2>
      <p className="settings-hint">{t('logos.rules', { size: UPLOAD.logoMaxMb, max: UPLOAD.logoNameMaxLength })}</p>
      {logos.length === 0 ? <p>{t('logos.empty')}</p> : null}
      <ul className="settings-list" aria-label={t('logos.listLabel')}>
        {logos.map((logo) => (
          <li key={logo._id}>
            <img
              className={`logo-thumb${logo.options.mask === 'BLACK' ? ' logo-thumb-black' : ''}`}
              src={logo.url}
              alt={t('logos.alt', { name: logo.name })}
              {...logoBox(logo)}
            />
            <div className="settings-list-main">
              {renaming?.id === logo._id ? (
                <form
                  className="settings-actions"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void run(() => updateLogo(api, logo._id, { name: renaming.name }), 'logos.renamed', { name: renaming.name }).then((ok) => ok && setRenaming(null));
                  }}
                >
                  <label>
                    <span className="rec-sr-only">{t('logos.name')}</span>
                    <input value={renaming.name} maxLength={UPLOAD.logoNameMaxLength} required onChange={(event) => setRenaming({ id: logo._id, name: event.currentTarget.value })} />
                  </label>
                  <Button type="submit" busy={busy}>
                    {t('logos.save')}
                  </Button>
                  <Button variant="secondary" onClick={() => setRenaming(null)}>
                    {t('logos.cancel')}
                  </Button>
                </form>
              ) : (
                <>
                  <strong>{logo.name}</strong>
                  {logo.default ? <span className="settings-badge">{t('logos.default')}</span> : null}
                  <p className="settings-hint">
                    {t(`logos.masks.${logo.options.mask}`)} · {logo.width} × {logo.height}
                  </p>
                </>
              )}
            </div>
            <div className="settings-actions">
              {logo.default ? null : (
                <Button variant="secondary" disabled={busy} onClick={() => run(() => setDefaultLogo(api, logo._id), 'logos.defaultSet', { name: logo.name })} aria-label={t('logos.setDefaultOf', { name: logo.name })}>
                  {t('logos.setDefault')}
                </Button>
              )}
              <Button variant="secondary" disabled={busy} onClick={() => setRenaming({ id: logo._id, name: logo.name })} aria-label={t('logos.renameOf', { name: logo.name })}>
                {t('logos.rename')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setDeleting(logo)} aria-label={t('logos.deleteOf', { name: logo.name })}>
                {t('logos.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form className="settings-form" onSubmit={upload} aria-labelledby="logo-upload-title">
        <h3 id="logo-upload-title">{t('logos.add')}</h3>
        <label>
          {t('logos.file')}
          <input ref={fileInput} type="file" accept={acceptAttribute(LOGO_EXTENSIONS)} />
        </label>
        <label>
          {t('logos.name')}
          <input value={name} maxLength={UPLOAD.logoNameMaxLength} onChange={(event) => setName(event.currentTarget.value)} />
        </label>
        <label>
          {t('logos.mask')}
          <select value={mask} onChange={(event) => setMask(event.currentTarget.value as LogoMask)}>
            {LOGO_MASKS.map((value) => (
              <option key={value} value={value}>
                {t(`logos.masks.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="settings-actions">
          <Button type="submit" busy={busy}>
            {t('logos.upload')}
          </Button>
        </div>
      </form>
      <Dialog
        open={deleting !== null}
        role="alertdialog"
        title={t('logos.deleteTitle')}
        closeLabel={t('logos.cancel')}
        onClose={() => setDeleting(null)}
        busy={busy}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('logos.cancel')}
            </Button>
            <Button
              busy={busy}
              onClick={() => {
                const logo = deleting;
                if (logo) void run(() => deleteLogo(api, logo._id), 'logos.deleted', { name: logo.name }).then(() => setDeleting(null));
              }}
            >
              {t('logos.confirmDelete')}
            </Button>
          </>
        }
      >
        <p>{t('logos.deleteText', { name: deleting?.name ?? '' })}</p>
      </Dialog>
    </section>
  );
}
