import type { ApplicantResource } from '@rec/api-client';
import { APPLY_FIELD_LEVELS, APPLY_FORM_FIELDS, type ApplyFieldLevel, type ApplyFormConfig, type ApplyFormField } from '@rec/core';
import type { DataTableColumn } from '@rec/ui';
import type { Translate } from '@rec/i18n';
import { useId } from 'react';
import { useT } from '../../i18n';

/**
 * The opening wizard's apply form section (issue 9, item 10): one radio group per configurable
 * field (hidden, optional, required). Name and e-mail are always asked and required: the
 * candidate is found by e-mail and gets the confirmation mail there.
 */
export function ApplyFormFields({ value, onChange }: { value: ApplyFormConfig; onChange: (value: ApplyFormConfig) => void }) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="apply-form-fields" aria-describedby={`${id}-intro`}>
      <legend>{t('applyFormConfig.title')}</legend>
      <p id={`${id}-intro`} className="field-hint">
        {t('applyFormConfig.intro')}
      </p>
      <p>{t('applyFormConfig.alwaysAsked')}</p>
      {APPLY_FORM_FIELDS.map((field) => (
        <LevelGroup key={field} field={field} level={value[field]} onChange={(level) => onChange({ ...value, [field]: level })} />
      ))}
    </fieldset>
  );
}

/** A radio group: arrow keys move between the three levels (native radios). */
function LevelGroup({ field, level, onChange }: { field: ApplyFormField; level: ApplyFieldLevel; onChange: (level: ApplyFieldLevel) => void }) {
  const t = useT();
  const name = `applyForm-${field}`;
  return (
    <fieldset className="apply-level">
      <legend>{t(`applyFormConfig.fields.${field}`)}</legend>
      {APPLY_FIELD_LEVELS.map((option) => (
        <label key={option} className="apply-level-option">
          <input type="radio" name={name} value={option} checked={level === option} onChange={() => onChange(option)} /> {t(`applyFormConfig.levels.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The applicants table's columns for the cover letter and the profile URL (issue 9). */
export function applyAnswerColumns(t: Translate): DataTableColumn<ApplicantResource>[] {
  return [
    {
      id: 'coverLetter',
      header: t('applyFormConfig.fields.coverLetter'),
      cell: (row) => (
        <>
          {row.coverLetter?.text ? <span className="cover-letter-text">{row.coverLetter.text}</span> : null}
          {row.coverLetter?.file ? (
            row.coverLetter.file.url ? (
              <a href={row.coverLetter.file.url} download={row.coverLetter.file.name}>
                {row.coverLetter.file.name}
              </a>
            ) : (
              row.coverLetter.file.name
            )
          ) : null}
        </>
      ),
    },
    {
      id: 'profileUrl',
      header: t('applyFormConfig.fields.profileUrl'),
      // Only http(s) links reach the database (the url rule); rel keeps the opener out of reach.
      cell: (row) => (row.profile?.url ? <a href={row.profile.url} target="_blank" rel="noopener noreferrer">{row.profile.url}</a> : ''),
    },
  ];
}
