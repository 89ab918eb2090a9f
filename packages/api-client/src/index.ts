export { ApiError, errorKeyFromUnknown, errorKeyOf, isApiError } from './api-error';
export {
  acceptInvitation,
  linkInvitation,
  authorizeApplicantToken,
  deleteSession,
  fetchInvitation,
  fetchSession,
  fetchTenants,
  type Invitation,
  removeApplicantData,
  requestMagicLink,
  requestPasswordRecovery,
  resetPassword,
  type Session,
  type SessionUser,
  type SignInResult,
  signInWithPassword,
  switchTenant,
  type Tenant,
  type UserType,
} from './auth';
export { fetchBoard, fetchBoardOffers } from './boards';
export { submitApplication } from './applications';
export { type UploadOptions, uploadFile } from './upload';
export { fetchChannelOffer, fetchOffer, fetchShareLink } from './offers';
export { createReferral } from './referrals';
export { type ApiClient, type ApiClientOptions, createApiClient, type RequestOptions } from './client';
export { type QueryLimits, QueryLimitError, type QueryObject, type QueryValue, stringifyQuery, withQueryString } from './query';
export {
  type AdminCompany,
  type Company,
  fetchAdminCompanies,
  fetchCompany,
  fetchRecruiterMe,
  fetchRecruiterPermissions,
  type PermissionsResponse,
  type PersonName,
  type RecruiterMe,
  type RecruiterSettings,
  updateRecruiterSettings,
} from './recruiters';
export {
  type ApplicantResource,
  archiveOpening,
  type CanDeleteAnswer,
  canDeleteOpening,
  closePosting,
  createOpening,
  createPosting,
  deleteOpening,
  downloadApplicantsExport,
  EXPORT_CATEGORIES,
  type ExportCategory,
  type ExportDownloadOptions,
  exportFileName,
  fetchApplicants,
  fetchOpening,
  fetchOpenings,
  fetchPostings,
  OPENING_SORTS,
  OPENING_STATUSES,
  type OpeningInput,
  type OpeningResource,
  type OpeningSort,
  type OpeningStatus,
  type OpeningsQuery,
  POSTING_CHANNEL_KINDS,
  type Page,
  type PostingChannel,
  type PostingChannelKind,
  type PostingContent,
  type PostingInput,
  type PostingResource,
  publishOpening,
  readWithProgress,
  unarchiveOpening,
  updateOpening,
  updatePosting,
} from './openings';
export { type AssessmentContent, fetchOpeningProcess, saveOpeningProcess, type StepsApi, stepsApi } from './steps';
export * from './company-settings';
