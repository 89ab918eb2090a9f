import { isApiError } from '@rec/api-client';
import { COMPANY_ROLES, type CompanyRole, type Team, type TeamMember } from '@rec/core';
import { showErrorToast, showToast } from '@rec/stores';
import { Button, Dialog, Loading, MessageBlock, TextField } from '@rec/ui';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { changeMemberRole, fetchTeam, inviteToTeam, removeMember, resendInvitation, revokeInvitation } from './team-api';

type State = { status: 'loading' } | { status: 'ready'; team: Team } | { status: 'error' };

const errorKeyOf = (error: unknown) => (isApiError(error) ? error.key : null);

/** A date and time in the page's language (DD/MM/YYYY of spec §9 comes from the locale's own order). */
function useDateTime() {
  const t = useT();
  return (iso: string | null) => (iso ? new Date(iso).toLocaleString(document.documentElement.lang || 'en', { dateStyle: 'short', timeStyle: 'short' }) : t('team.never'));
}

/** settings_new/myteam: the company's recruiters, their roles and invitations (TEAM:MANAGE). */
export default function TeamPage() {
  const t = useT();
  const heading = t('team.title');
  useTitle(heading);
  const [state, setState] = useState<State>({ status: 'loading' });

  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', team: await fetchTeam() });
    } catch {
      setState({ status: 'error' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <section aria-labelledby="team-title" className="team-page">
      <h1 id="team-title">{heading}</h1>
      <p>{t('team.intro')}</p>
      <InviteForm onInvited={reload} />
      {state.status === 'loading' ? <Loading label={t('team.loading')} /> : null}
      {state.status === 'error' ? <MessageBlock tone="error">{t('team.loadError')}</MessageBlock> : null}
      {state.status === 'ready' ? (
        <>
          <Members members={state.team.members} onChanged={reload} />
          <Invitations team={state.team} onChanged={reload} />
        </>
      ) : null}
    </section>
  );
}

function RoleSelect({ value, onChange, label, disabled }: { value: CompanyRole; onChange: (role: CompanyRole) => void; label: string; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <div className="rec-field team-role">
      <label htmlFor={id} className="rec-field-label">
        {label}
      </label>
      <select id={id} className="rec-input" value={value} disabled={disabled} onChange={(event) => onChange(event.currentTarget.value as CompanyRole)}>
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`team.roles.${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('recruiter');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email.trim())) {
      setError(t('team.invite.invalidEmail'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await inviteToTeam(email.trim(), role);
      showToast({ tone: 'success', title: 'team.toasts.invited', values: { email: email.trim() } });
      setEmail('');
      await onInvited();
    } catch (caught) {
      const key = errorKeyOf(caught);
      setError(t(key === 'errors.alreadyMember' ? 'errors.alreadyMember' : key === 'errors.badRequest' ? 'team.invite.invalidEmail' : 'genericErrorTitle'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="team-invite" onSubmit={submit} noValidate aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">{t('team.invite.title')}</h2>
      <TextField label={t('team.invite.email')} type="email" autoComplete="off" required value={email} error={error} onChange={(event) => setEmail(event.currentTarget.value)} />
      <RoleSelect label={t('team.invite.role')} value={role} onChange={setRole} />
      <p className="rec-field-hint">{t(`team.roleHints.${role}`)}</p>
      <Button type="submit" busy={busy}>
        {t('team.invite.submit')}
      </Button>
    </form>
  );
}

function Members({ members, onChanged }: { members: TeamMember[]; onChanged: () => Promise<void> }) {
  const t = useT();
  const when = useDateTime();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);

  async function setRole(member: TeamMember, role: CompanyRole) {
    try {
      await changeMemberRole(member._id, role);
      showToast({ tone: 'success', title: 'team.toasts.roleChanged', values: { name: member.fullName || member.email, role: t(`team.roles.${role}`) } });
    } catch (error) {
      showErrorToast(errorKeyOf(error));
    }
    await onChanged();
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await removeMember(removing._id);
      showToast({ tone: 'success', title: 'team.toasts.removed', values: { name: removing.fullName || removing.email } });
    } catch (error) {
      showErrorToast(errorKeyOf(error));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
    await onChanged();
  }

  return (
    <section aria-labelledby="team-members-title">
      <h2 id="team-members-title">{t('team.members.title')}</h2>
      <div className="team-table-wrap">
        <table className="team-table">
          <thead>
            <tr>
              <th scope="col">{t('team.members.name')}</th>
              <th scope="col">{t('team.members.role')}</th>
              <th scope="col">{t('team.members.lastSignIn')}</th>
              <th scope="col">{t('team.members.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const name = member.fullName || member.email;
              return (
                <tr key={member._id}>
                  <th scope="row">
                    <span className="team-name">{name}</span>
                    {member.fullName ? <span className="team-email">{member.email}</span> : null}
                    {member.you ? <span className="team-you">{t('team.members.you')}</span> : null}
                  </th>
                  <td>
                    <RoleSelect label={t('team.members.roleOf', { name })} value={member.role} onChange={(role) => void setRole(member, role)} />
                  </td>
                  <td>{when(member.lastSignInAt)}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setRemoving(member)} aria-label={t('team.members.removeNamed', { name })}>
                      {t('team.members.remove')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Dialog
        open={removing !== null}
        role="alertdialog"
        title={t('team.removeDialog.title')}
        onClose={() => setRemoving(null)}
        closeLabel={t('team.removeDialog.cancel')}
        busy={busy}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t('team.removeDialog.cancel')}
            </Button>
            <Button onClick={remove} busy={busy}>
              {t('team.removeDialog.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('team.removeDialog.text', { name: removing?.fullName || removing?.email || '' })}</p>
      </Dialog>
    </section>
  );
}

function Invitations({ team, onChanged }: { team: Team; onChanged: () => Promise<void> }) {
  const t = useT();
  const when = useDateTime();
  async function act(action: () => Promise<unknown>, title: string, email: string) {
    try {
      await action();
      showToast({ tone: 'success', title, values: { email } });
    } catch (error) {
      showErrorToast(errorKeyOf(error));
    }
    await onChanged();
  }
  return (
    <section aria-labelledby="team-invitations-title">
      <h2 id="team-invitations-title">{t('team.invitations.title')}</h2>
      {team.invitations.length === 0 ? (
        <p>{t('team.invitations.none')}</p>
      ) : (
        <ul className="team-invitations">
          {team.invitations.map((invitation) => (
            <li key={invitation._id}>
              <span className="team-name">{invitation.email}</span>
              <span>{t(`team.roles.${invitation.role}`)}</span>
              <span>{invitation.expired ? t('team.invitations.expired') : t('team.invitations.expires', { date: when(invitation.expiresAt) })}</span>
              <span className="team-actions">
                <Button
                  variant="secondary"
                  aria-label={t('team.invitations.resendTo', { email: invitation.email })}
                  onClick={() => act(() => resendInvitation(invitation._id), 'team.toasts.resent', invitation.email)}
                >
                  {t('team.invitations.resend')}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('team.invitations.revokeFor', { email: invitation.email })}
                  onClick={() => act(() => revokeInvitation(invitation._id), 'team.toasts.revoked', invitation.email)}
                >
                  {t('team.invitations.revoke')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
