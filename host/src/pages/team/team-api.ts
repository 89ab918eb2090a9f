import type { CompanyRole, Team } from '@rec/core';
import { api } from '../../api';

/** The company's team (TEAM:MANAGE, issue 13). */
export const fetchTeam = () => api.get<Team>('/v2/team');
export const inviteToTeam = (email: string, role: CompanyRole) => api.post<{ _id: string }>('/v2/team/invitations', { email, role });
export const resendInvitation = (id: string) => api.post(`/v2/team/invitations/${encodeURIComponent(id)}/resend`);
export const revokeInvitation = (id: string) => api.delete(`/v2/team/invitations/${encodeURIComponent(id)}`);
export const changeMemberRole = (id: string, role: CompanyRole) => api.patch(`/v2/team/members/${encodeURIComponent(id)}`, { role });
export const removeMember = (id: string) => api.delete(`/v2/team/members/${encodeURIComponent(id)}`);
