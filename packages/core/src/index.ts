export * from './api-keys';
export * from './apply-form';
export * from './auth';
export * from './two-factor';
export * from './sso';
export * from './webhooks';
export * from './passkeys';
export * from './company-logos';
export * from './company-settings';
// The apply form's modules (application, form-rules, files) are imported by their own paths
// ('@rec/core/application'…): re-exported here, the bundler would put them in the chunk every
// widget shares, and the board would download the form's rules.
export * from './constants';
export * from './contract-types';
export * from './dates';
export * from './entities';
export * from './errors';
export * from './ids';
export * from './locale';
export * from './localized-text';
export * from './mail-templates';
export * from './offer-count';
export * from './openings';
export * from './permissions';
export * from './places';
export * from './person-name';
export * from './plain-text';
export * from './privacy-notice';
export * from './requests';
export * from './roles';
export * from './salary';
export * from './salary-format';
export * from './talent-pools';
export * from './team';
export * from './text';
export * from './portal';
export * from './theme';
export * from './visitor-language';
