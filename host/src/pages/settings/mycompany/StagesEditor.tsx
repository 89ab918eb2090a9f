import { LOCALES, type Locale, type PipelineStage, PipelineStagesSchema } from '@rec/core';
import { Button } from '@rec/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useT } from '../../../i18n';
import { languageName } from '../../openings/shared';

/** A stage's name in `language`: the company's own, else the translated default of a built-in stage. */
export function stageName(stage: PipelineStage, language: string, t: (key: string) => string): string {
  const own = stage.names?.[language as Locale];
  if (own) return own;
  const key = `analytics.stages.${stage.id}`;
  const translated = t(key);
  return translated === key ? stage.id : translated;
}

/** A new stage's id from its name: upper-case letters and underscores (the stage history's rule), unique. */
function newStageId(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[^A-Za-z]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase()
      .slice(0, 30) || 'STAGE';
  let id = base.length >= 2 ? base : `${base}_STAGE`;
  for (let n = 2; taken.includes(id); n++) id = `${base}_${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[n % 26]}`.slice(0, 40);
  return id;
}

/**
 * The pipeline stages (issue 11 reads them): rename per language, reorder, add or remove open
 * stages. The hired and rejected stages keep their kind; their place and names may change.
 */
export function StagesEditor({ stages, locale, onSave, busy }: { stages: readonly PipelineStage[]; locale: string; onSave: (stages: PipelineStage[]) => void; busy: boolean }) {
  const t = useT();
  const [draft, setDraft] = useState<PipelineStage[]>(() => stages.map((stage) => ({ ...stage, names: { ...stage.names } })));
  const [language, setLanguage] = useState<Locale>((LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en');
  const [added, setAdded] = useState('');
  const problem = v.safeParse(PipelineStagesSchema, draft);

  const move = (index: number, by: number) => {
    const next = [...draft];
    const [stage] = next.splice(index, 1);
    if (stage) next.splice(index + by, 0, stage);
    setDraft(next);
  };
  const rename = (index: number, name: string) =>
    setDraft(draft.map((stage, at) => (at === index ? { ...stage, names: { ...stage.names, [language]: name } } : stage)));

  return (
    <section className="settings-section" aria-labelledby="stages-title">
      <h2 id="stages-title">{t('companySettings.stages.title')}</h2>
      <p className="settings-hint">{t('companySettings.stages.hint')}</p>
      <div className="settings-form">
        <label>
          {t('companySettings.stages.language')}
          <select value={language} onChange={(event) => setLanguage(event.currentTarget.value as Locale)}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {languageName(code, locale)}
              </option>
            ))}
          </select>
        </label>
        <ol className="settings-list">
          {draft.map((stage, index) => {
            const label = stageName(stage, language, t);
            return (
              <li key={stage.id}>
                <label className="settings-list-main settings-field">
                  {t('companySettings.stages.nameOf', { position: index + 1, kind: t(`companySettings.stages.kinds.${stage.kind}`) })}
                  <input value={stage.names?.[language] ?? ''} placeholder={label} maxLength={40} onChange={(event) => rename(index, event.currentTarget.value)} />
                </label>
                <div className="settings-actions">
                  <Button variant="secondary" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('companySettings.stages.up', { name: label })}>
                    ↑
                  </Button>
                  <Button variant="secondary" disabled={index === draft.length - 1} onClick={() => move(index, 1)} aria-label={t('companySettings.stages.down', { name: label })}>
                    ↓
                  </Button>
                  {stage.kind === 'open' ? (
                    <Button variant="secondary" onClick={() => setDraft(draft.filter((_, at) => at !== index))} aria-label={t('companySettings.stages.remove', { name: label })}>
                      {t('companySettings.stages.removeShort')}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        <div className="stage-row">
          <label className="settings-field">
            {t('companySettings.stages.newName')}
            <input value={added} maxLength={40} onChange={(event) => setAdded(event.currentTarget.value)} />
          </label>
          <Button
            variant="secondary"
            disabled={!added.trim()}
            onClick={() => {
              const id = newStageId(added, draft.map((stage) => stage.id));
              // New stages go before the closing ones (hired, rejected).
              const at = Math.max(1, draft.findIndex((stage) => stage.kind !== 'open'));
              const next = [...draft];
              next.splice(at === -1 ? next.length : at, 0, { id, kind: 'open', names: { [language]: added.trim() } });
              setDraft(next);
              setAdded('');
            }}
          >
            {t('companySettings.stages.add')}
          </Button>
        </div>
        {problem.success ? null : <p className="settings-error">{t(problem.issues[0]?.message ?? 'errors.badRequest')}</p>}
        <div className="settings-actions">
          <Button
            busy={busy}
            disabled={!problem.success}
            onClick={() =>
              // Empty names are dropped: that language shows the default name again.
              onSave(draft.map((stage) => ({ ...stage, names: Object.fromEntries(Object.entries(stage.names ?? {}).filter(([, name]) => name.trim())) })))
            }
          >
            {t('companySettings.stages.save')}
          </Button>
        </div>
      </div>
    </section>
  );
}
