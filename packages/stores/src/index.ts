export {
  type BoardState,
  type BoardStatus,
  type BoardStore,
  type BoardStoreOptions,
  createBoardStore,
  INITIAL_BOARD_STATE,
  type OfferSummary,
  sortOffers,
  summarizeOffer,
} from './board';
export { $company, loadCompany, resetCompany } from './company';
export { $permissions, can, loadPermissions, ROLE_STORAGE_KEY, resetPermissions, storedRole } from './permissions';
export {
  $realmProfiles,
  MAX_REALM_PROFILES,
  REALM_PROFILES_STORAGE_KEY,
  type RealmProfile,
  type RealmProfileType,
  readRealmProfiles,
  removeRealmProfile,
  saveRealmProfile,
} from './realm-profiles';
export {
  $recruiter,
  $recruiterMe,
  fullNameOf,
  loadRecruiterMe,
  RECRUITER_ME_STORAGE_KEY,
  type RecruiterMeState,
  resetRecruiterMe,
  storableRecruiter,
  storedRecruiterMe,
} from './recruiter-me';
export { $session, clearSession, forgetSession, loadSession, pendingSecondFactor, type SessionState } from './session';
export { browserStorage, type KeyValueStorage, memoryStorage, readJson, removeKey, writeJson } from './storage';
// The apply form's store is imported as '@rec/stores/application-form' only, so that
// everything importing this index (the board) does not pull it into its chunk.
export { createOfferStore, INITIAL_OFFER_STATE, type OfferState, type OfferStore, type OfferStoreOptions } from './offer';
export {
  $opening,
  $openings,
  ACTION_RULES,
  archiveOpening,
  CONFIRMED_ACTIONS,
  DEFAULT_OPENINGS_QUERY,
  type DeleteOutcome,
  deleteOpening,
  holdOpening,
  loadOpening,
  loadOpenings,
  OPENING_ACTIONS,
  type OpeningAction,
  type OpeningsListState,
  openingActions,
  publishOpening,
  resetOpening,
  unarchiveOpening,
} from './opening';
export { createRefreshListener, REFRESHABLE_RESOURCES, type RefreshableResource, type RefreshHandlers, type RefreshRequest, refreshRequestOf } from './refresh-resource';
export {
  $toasts,
  type Clock,
  clearToasts,
  closeToast,
  createToastQueue,
  showErrorToast,
  showToast,
  type Toast,
  type ToastInput,
  type ToastQueue,
  type ToastsState,
  type ToastTone,
} from './toasts';
