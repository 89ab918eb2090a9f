import type { Process } from '@rec/core/steps';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { type ProcessSource, StepsSection } from '../../openings/StepsSection';

/** The company's default step process (`company_step_processes`): new openings start with it. */
const COMPANY_PROCESS: ProcessSource = {
  load: () => api.get<Process>('/v2/companies/settings/process'),
  save: (process) => api.put<Process>('/v2/companies/settings/process', process),
};

/** settings_new/workflows: the default application steps of new openings, edited with the opening page's step editor. */
export default function WorkflowsPage() {
  const t = useT();
  const heading = t('settingsNav.pages.workflows');
  useTitle(heading);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('workflows.intro')}</p>
      <div className="settings-section">
        <StepsSection openingId="" source={COMPANY_PROCESS} />
      </div>
    </section>
  );
}
