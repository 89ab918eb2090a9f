import type { AccountSession, Locale, PasswordRotateBody, ProfilePictureBody } from '@rec/core';
import { api } from '../../api';

/** The signed-in recruiter's own account calls (issue 13). */
export const saveOwnLanguage = (language: Locale) => api.patch('/v2/recruiter/me/settings', { language });
export const saveOwnName = (firstName: string, lastName: string) => api.patch<{ fullName: string }>('/v2/recruiter/me/name', { firstName, lastName });
export const saveProfilePicture = (picture: ProfilePictureBody) => api.put('/v2/recruiter/me/profile-picture', picture);
export const removeProfilePicture = () => api.delete('/v2/recruiter/me/profile-picture');
export const rotatePassword = (body: PasswordRotateBody) => api.post('/v2/recruiter/me/password', body);
export const fetchOwnSessions = () => api.get<AccountSession[]>('/v2/recruiter/me/sessions');
export const endSession = (id: string) => api.delete(`/v2/recruiter/me/sessions/${encodeURIComponent(id)}`);
export const endOtherSessions = () => api.delete<{ ended: number }>('/v2/recruiter/me/sessions');
