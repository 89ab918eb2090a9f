import { Button } from '@rec/ui';
import { useT } from '../i18n';
import { navigate } from '../navigation';
import { signOut } from '../route-services';
import { useTitle } from '../title';

/** /applicant/steps/next for a signed-in applicant: the step flow comes with a later issue. */
export function StepsNextPage() {
  const t = useT();
  useTitle(t('applicantSteps.title'));
  return (
    <section className="coming" aria-labelledby="steps-title">
      <h1 id="steps-title">{t('applicantSteps.title')}</h1>
      <p>{t('applicantSteps.text')}</p>
      <Button variant="secondary" onClick={() => signOut().then(() => navigate('/login'))}>
        {t('shell.signOut')}
      </Button>
    </section>
  );
}
