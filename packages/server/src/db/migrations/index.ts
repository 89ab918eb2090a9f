import type { Migration } from 'kysely/migration';
import * as publicOffers from './0001-public-offers';
import * as accounts from './0002-accounts';
import * as applications from './0003-applications';
import * as openings from './0004-openings';
import * as submissionScope from './0005-submission-scope';
import * as uploadLimits from './0006-upload-limits';
import * as boardNamesContractCodes from './0007-board-names-contract-codes';
import * as applyForm from './0009-apply-form';
import * as applicationSteps from './0010-application-steps';
import * as insights from './0012-insights';
import * as salaryAndJobPlace from './0013-salary-and-job-place';
import * as rolesAndJobRuns from './0014-roles-and-job-runs';
import * as pipelineDecisions from './0015-pipeline-decisions';
import * as candidateNotes from './0016-candidate-notes';
import * as candidatePortal from './0017-candidate-portal';
import * as companySettings from './0018-company-settings';
import * as teamSessionsSuspension from './0019-team-sessions-suspension';
import * as storedFiles from './0020-stored-files';
import * as notificationMentions from './0023-notification-mentions';
import * as consentNotice from './0024-consent-notice';
import * as places from './0026-places';
import * as twoFactor from './0027-two-factor';
import * as passkeys from './0028-passkeys';
import * as sso from './0029-sso';
import * as ssoDomainVerification from './0030-sso-domain-verification';
import * as adminTwoFactor from './0031-admin-two-factor';
import * as webhooks from './0032-webhooks';
import * as apiKeys from './0033-api-keys';
import * as applicationSources from './0034-application-sources';

/**
 * Every migration, in order. Listed in code rather than read from a folder so the set is the
 * same under tsx, in a bundle or in tests, and a missing import is a type error.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-public-offers': publicOffers,
  '0002-accounts': accounts,
  '0003-applications': applications,
  '0004-openings': openings,
  '0005-submission-scope': submissionScope,
  '0006-upload-limits': uploadLimits,
  '0007-board-names-contract-codes': boardNamesContractCodes,
  '0009-apply-form': applyForm,
  '0010-application-steps': applicationSteps,
  '0012-insights': insights,
  '0013-salary-and-job-place': salaryAndJobPlace,
  '0014-roles-and-job-runs': rolesAndJobRuns,
  '0015-pipeline-decisions': pipelineDecisions,
  '0016-candidate-notes': candidateNotes,
  '0017-candidate-portal': candidatePortal,
  '0018-company-settings': companySettings,
  '0019-team-sessions-suspension': teamSessionsSuspension,
  '0020-stored-files': storedFiles,
  '0023-notification-mentions': notificationMentions,
  '0024-consent-notice': consentNotice,
  '0026-places': places,
  '0027-two-factor': twoFactor,
  '0028-passkeys': passkeys,
  '0029-sso': sso,
  '0030-sso-domain-verification': ssoDomainVerification,
  '0031-admin-two-factor': adminTwoFactor,
  '0032-webhooks': webhooks,
  '0033-api-keys': apiKeys,
  '0034-application-sources': applicationSources,
};
