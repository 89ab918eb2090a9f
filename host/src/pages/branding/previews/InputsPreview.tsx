import { type ApplicationForm, createApplicationForm } from '@rec/stores/application-form';
import { TextField } from '@rec/ui';
import { useEffect, useMemo } from 'react';
import { ApplyForm } from '../../../../../widgets/offer/src/ApplyForm';
import { PreviewGroup } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { SAMPLE_COMPANY_ID, sampleOffer } from './sample-offer';
import { ShadowPreview } from './ShadowPreview';

/** The preview's form talks to no server: a submit from here could only fail. */
const NO_SERVER = 'https://preview.invalid';

/**
 * Puts the apply form's store in the states a designer checks: filled fields, an invalid e-mail
 * with its error, a required field left empty with its error, a chosen option, a ticked box;
 * the other fields stay empty. The store's own rules write the errors.
 */
function fillSample(form: ApplicationForm, t: PreviewProps['t']): void {
  const sample = (key: string) => t(`brandingPreview.sample.${key}`);
  form.setValue('firstName', sample('firstName'));
  form.setValue('lastName', sample('lastName'));
  form.setValue('email', sample('invalidEmail'));
  form.setValue('gender', 'female');
  form.setValue('drivingLicenses', ['B']);
  form.setValue('coverLetter', sample('coverLetter'));
  for (const field of ['email', 'phone']) form.blur(field);
}

/** INPUTS: the real apply form of <rec-offer> in its states, and the back-office form fields in theirs. */
export function InputsPreview({ t, locale }: PreviewProps) {
  const offer = useMemo(() => sampleOffer(t, locale), [t, locale]);
  const form = useMemo(
    () => createApplicationForm({ channelId: offer.channelId, companyId: SAMPLE_COMPANY_ID, baseURL: NO_SERVER, locale, applyForm: offer.applyForm, storage: null, debounceMs: 0 }),
    [offer, locale],
  );
  useEffect(() => fillSample(form, t), [form, t]);
  const state = (key: string) => t(`brandingPreview.states.${key}`);
  return (
    <>
      <PreviewGroup title={t('brandingPreview.groups.applyForm')} note={t('brandingPreview.notes.applyForm')}>
        <ShadowPreview label="apply-form">
          <div className="offer">
            <ApplyForm offer={offer} companyId={SAMPLE_COMPANY_ID} locale={locale} t={t} baseURL={NO_SERVER} form={form} />
          </div>
        </ShadowPreview>
      </PreviewGroup>
      <PreviewGroup title={t('brandingPreview.groups.fields')} note={t('brandingPreview.notes.backOffice')}>
        <ShadowPreview styles="back-office" label="fields">
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: '0 1.5rem' }}>
            <TextField label={state('empty')} name="empty" />
            <TextField label={state('filled')} name="filled" defaultValue={t('brandingPreview.sample.firstName')} />
            <TextField label={state('focus')} name="focus" hint={t('brandingPreview.notes.focus')} />
            <TextField label={state('invalid')} name="invalid" defaultValue={t('brandingPreview.sample.invalidEmail')} error={t('errors.email')} />
            <TextField label={state('disabled')} name="disabled" defaultValue={t('brandingPreview.sample.lastName')} disabled />
          </div>
        </ShadowPreview>
      </PreviewGroup>
    </>
  );
}
