import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

export const AUDIT_ACTIONS = {
  applicationsExport: 'opening.applications.export',
  openingDelete: 'opening.delete',
  /** A recruiter downloaded an uploaded file (a candidate's CV). */
  fileDownload: 'file.download',
  // Team, account and admin (issue 13).
  teamInvite: 'team.invite',
  teamInvitationResend: 'team.invitation.resend',
  teamInvitationRevoke: 'team.invitation.revoke',
  teamRoleChange: 'team.role.change',
  teamRemove: 'team.remove',
  accountPasswordRotate: 'account.password.rotate',
  accountSessionsRevoke: 'account.sessions.revoke',
  adminCompanyCreate: 'admin.company.create',
  adminCompanySuspend: 'admin.company.suspend',
  adminCompanyReactivate: 'admin.company.reactivate',
  /** A recruiter wrote a note on a candidate (issue 11). */
  candidateNote: 'candidate.note',
  /** A recruiter opened a candidate's CV or cover letter inline (issue 11). */
  candidateFileView: 'candidate.file.view',
  /** Pipeline decisions (issue 11): details hold application ids, stage codes and reason codes only. */
  applicationStageMove: 'application.stage.move',
  applicationReject: 'application.reject',
  applicationsBulkMove: 'applications.bulk.move',
  applicationsBulkReject: 'applications.bulk.reject',
  /** A candidate withdrew one application (issue 25); actor: the candidate's id. */
  applicationWithdraw: 'application.withdraw',
  /** A candidate removed their data with a removal link (issue 12); actor: the candidate's id. */
  candidateDataRemoval: 'candidate.dataRemoval',
  /** The daily retention run anonymised applications or candidates (issue 12); actor: SYSTEM_ACTOR. */
  retentionRun: 'retention.run',
  /**
   * Two-factor sign-in (issue 32): details name the method ('totp', 'recovery'), never a secret or a
   * code. An admin's own factor actions are recorded too, as platform entries (no company).
   */
  twoFactorEnrol: 'account.twoFactor.enrol',
  /** A half-signed-in session finished with a code; details: the method ('totp' or 'recovery'). */
  twoFactorSignIn: 'account.twoFactor.signIn',
  twoFactorRemove: 'account.twoFactor.remove',
  twoFactorRecoveryCodeUsed: 'account.twoFactor.recoveryCodeUsed',
  twoFactorRecoveryCodesRegenerate: 'account.twoFactor.recoveryCodesRegenerate',
  /** An operator reset a locked-out admin's factors (`admin:create -- --reset-two-factor`). */
  twoFactorReset: 'account.twoFactor.reset',
  /** Single sign-on (issue 32): details name the method ('oidc' or 'password') and a reason, never a token, secret or e-mail. */
  ssoSignIn: 'account.sso.signIn',
  ssoSignInRefused: 'account.sso.signInRefused',
  /** A member created just in time by an SSO sign-in; details: the role given. */
  ssoMemberCreate: 'account.sso.memberCreate',
  /** An owner changed or removed the IdP setting; details: before and after, the secret only as `secretChanged`. */
  ssoSettingsChange: 'company.sso.change',
  /** A claimed e-mail domain proved by its DNS TXT record; details: the domain. */
  ssoDomainVerify: 'company.sso.domainVerify',
  /** A domain claim went away (left out of the setting, or the setting removed); details: the domain and whether it was verified. */
  ssoDomainRemove: 'company.sso.domainRemove',
  /** Passkeys (issue 32): details hold the passkey's id (and for a sign-in its mode), never its name, key or challenge. */
  passkeyAdd: 'account.passkey.add',
  passkeyRename: 'account.passkey.rename',
  passkeyRemove: 'account.passkey.remove',
  passkeySignIn: 'account.passkey.signIn',
  /** An owner changed the company's sign-in policy; details: the policy before and after. */
  companySecurityPolicyChange: 'company.securityPolicy.change',
  /** Company API keys (issue 30): details hold the key's id, name and scopes, never the token. */
  apiKeyCreate: 'company.apiKey.create',
  apiKeyRevoke: 'company.apiKey.revoke',
  /** A call made with an API key; actor: the key's creator; details: the key's id and name, the method, route pattern and status (never the URL's values or the token). */
  apiKeyCall: 'company.apiKey.call',
} as const;
/** The actor of what the platform did by itself (the retention job): no account has this id. */
export const SYSTEM_ACTOR = '000000000000000000000000';
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export interface AuditEntry {
  /** The company the action belongs to; null for a platform entry (an admin's own account, which has no company). */
  companyId: string | null;
  actorId: string;
  action: AuditAction;
  openingId: string | null;
  /** Counts, categories, ids: never names, e-mails or other personal data. */
  details: Record<string, unknown>;
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Append-only record of sensitive actions, per company (and the platform's own: companyId null). */
export function createAuditLog(db: Kysely<Database>) {
  return {
    async record(entry: AuditEntry): Promise<string> {
      const id = newId();
      await db
        .insertInto('audit_log')
        .values({ id, company_id: entry.companyId, actor_id: entry.actorId, action: entry.action, opening_id: entry.openingId, details: entry.details })
        .execute();
      return id;
    },
  };
}
