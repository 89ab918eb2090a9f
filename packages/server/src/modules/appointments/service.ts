import { candidateTitleOf } from '../applications/candidate-title';
import { type AppointmentOfferBody, type AppointmentView, ERROR_KEYS } from '@rec/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type Clock, newToken, tokenHash } from '../auth/tokens';
import { candidateNameOf } from '../candidate-portal/service';
import type { PortalRepository } from '../candidate-portal/repository';
import { formatMoment, renderCandidateMail, renderPortalMail } from '../candidate-portal/portal-mails';
import type { BackgroundTasks } from '../mail/background';
import type { Mailer } from '../mail/mailer';
import { calendarInvitation } from './ics';

export type AppointmentService = ReturnType<typeof createAppointmentService>;

export interface AppointmentServiceDeps {
  db: Kysely<Database>;
  portal: PortalRepository;
  mailer: Mailer;
  background: BackgroundTasks;
  now: Clock;
  publicUrl: string;
}

/** The appointment and everyone it concerns, found by the booking link's token hash or by id. */
async function appointmentWith(db: Kysely<Database>, where: { tokenHash: string } | { companyId: string; id: string }) {
  let query = db
    .selectFrom('appointments as ap')
    .innerJoin('candidates as c', (join) => join.onRef('c.company_id', '=', 'ap.company_id').onRef('c.id', '=', 'ap.candidate_id'))
    .innerJoin('applications as a', (join) => join.onRef('a.company_id', '=', 'ap.company_id').onRef('a.id', '=', 'ap.application_id'))
    .innerJoin('channels as ch', (join) => join.onRef('ch.company_id', '=', 'a.company_id').onRef('ch.id', '=', 'a.channel_id'))
    .innerJoin('postings as p', (join) => join.onRef('p.company_id', '=', 'ch.company_id').onRef('p.id', '=', 'ch.posting_id'))
    .innerJoin('openings as o', (join) => join.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.opening_id'))
    .innerJoin('companies as co', 'co.id', 'ap.company_id')
    .leftJoin('accounts as r', 'r.id', 'ap.recruiter_id')
    .selectAll('ap')
    .select(['c.email as candidate_email', 'c.data as candidate_data', 'a.language', candidateTitleOf('a').as('job_title'), 'co.name as company_name', 'r.email as recruiter_email', 'r.first_name as recruiter_first', 'r.last_name as recruiter_last', 'r.settings as recruiter_settings']);
  query = 'tokenHash' in where ? query.where('ap.token_hash', '=', where.tokenHash) : query.where('ap.company_id', '=', where.companyId).where('ap.id', '=', where.id);
  return query.executeTakeFirst();
}
type AppointmentRow = NonNullable<Awaited<ReturnType<typeof appointmentWith>>>;

const slotsOf = (row: Pick<AppointmentRow, 'slots'>): string[] => (Array.isArray(row.slots) ? row.slots : JSON.parse(String(row.slots)));
const sameInstant = (a: string | Date, b: string | Date) => new Date(a).getTime() === new Date(b).getTime();

/**
 * Self-booking (issue 12): a recruiter offers slots, the candidate picks one with the link of the
 * invitation mail; both get a mail with an .ics; either may cancel, the candidate may rebook while
 * a slot is free. Mails to the candidate speak their language and show their time zone.
 */
export function createAppointmentService(deps: AppointmentServiceDeps) {
  const { db, portal, mailer, background, now, publicUrl } = deps;

  function view(row: AppointmentRow): AppointmentView {
    return {
      status: row.status,
      durationMinutes: row.duration_minutes,
      location: row.location,
      videoUrl: row.video_url,
      slots: slotsOf(row).map((slot) => new Date(slot).toISOString()),
      chosen: row.chosen_start ? new Date(row.chosen_start).toISOString() : null,
      openingTitle: row.job_title,
      companyName: row.company_name,
      language: row.language,
    };
  }

  async function byToken(token: string): Promise<AppointmentRow> {
    const row = await appointmentWith(db, { tokenHash: tokenHash(token) });
    if (!row) throw new HttpError(404, ERROR_KEYS.notFound);
    return row;
  }

  /** The two mails of a booking or cancellation, each with the same calendar event (same UID, raised SEQUENCE). */
  function notify(row: AppointmentRow, method: 'REQUEST' | 'CANCEL', start: Date, link: string, log: FastifyBaseLogger) {
    const candidateName = candidateNameOf({ data: row.candidate_data } as never) || row.candidate_email;
    const recruiterName = `${row.recruiter_first ?? ''} ${row.recruiter_last ?? ''}`.trim() || row.company_name;
    const place = [row.location, row.video_url].filter(Boolean).join(' — ');
    const ics = calendarInvitation({
      uid: `${row.id}@rec-appointments`,
      sequence: row.sequence,
      start,
      durationMinutes: row.duration_minutes,
      summary: `${row.job_title} — ${row.company_name}`,
      description: [row.job_title, place].filter(Boolean).join('\n'),
      location: row.location || row.video_url,
      ...(row.video_url ? { url: row.video_url } : {}),
      organizer: { name: recruiterName, email: row.recruiter_email ?? 'no-reply@localhost' },
      attendee: { name: candidateName, email: row.candidate_email },
      method,
      stamp: now(),
    });
    const attachment = [{ filename: 'invitation.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }];
    const candidateValues = {
      candidateName,
      openingTitle: row.job_title,
      companyName: row.company_name,
      when: formatMoment(start, row.language, row.time_zone),
      duration: row.duration_minutes,
      place: place || '—',
      link,
    };
    const booked = method === 'REQUEST';
    background.run(log, async () => {
      await mailer.send(renderPortalMail(booked ? 'appointmentBooked' : 'appointmentCancelled', row.language, { to: row.candidate_email, companyId: row.company_id }, candidateValues, attachment));
      if (row.recruiter_email) {
        const recruiterLanguage = (row.recruiter_settings as { language?: string } | null)?.language;
        const recruiterValues = { ...candidateValues, when: formatMoment(start, recruiterLanguage, 'UTC') };
        await mailer.send(renderPortalMail(booked ? 'recruiterBooked' : 'recruiterCancelled', recruiterLanguage, { to: row.recruiter_email, companyId: row.company_id }, recruiterValues, attachment));
      }
    });
  }

  return {
    /** The recruiter offers slots; the candidate gets the invitation mail with the booking link. */
    async offer(companyId: string, recruiterId: string, candidateId: string, body: AppointmentOfferBody, log: FastifyBaseLogger): Promise<{ _id: string }> {
      const candidate = await portal.candidateInCompany(companyId, candidateId);
      const application = candidate ? (await portal.applicationsOf(companyId, candidateId)).find((item) => item.id === body.applicationId) : undefined;
      if (!candidate || !application) throw new HttpError(404, ERROR_KEYS.notFound);
      const time = now();
      if (body.slots.some((slot) => new Date(slot) <= time)) throw new HttpError(422, ERROR_KEYS.appointmentSlotInPast);
      const token = newToken();
      const id = newId(time);
      await db
        .insertInto('appointments')
        .values({
          id,
          company_id: companyId,
          candidate_id: candidateId,
          application_id: application.id,
          token_hash: tokenHash(token),
          recruiter_id: recruiterId,
          duration_minutes: body.durationMinutes,
          location: body.location,
          video_url: body.videoUrl,
          slots: JSON.stringify(body.slots.map((slot) => new Date(slot).toISOString()).sort()),
          time_zone: body.timeZone,
        })
        .execute();
      const link = `${publicUrl}/applicant/appointments/${token}`;
      background.run(log, () =>
        mailer.send(
          renderCandidateMail('appointmentInvitation', application.language, { to: candidate.email, companyId }, {
            candidateName: candidateNameOf(candidate),
            openingTitle: application.job_title,
            companyName: candidate.company_name,
            link,
          }),
        ),
      );
      return { _id: id };
    },

    async listForRecruiter(companyId: string, candidateId: string) {
      if (!(await portal.candidateInCompany(companyId, candidateId))) throw new HttpError(404, ERROR_KEYS.notFound);
      const rows = await portal.appointmentsOf(companyId, candidateId);
      return rows.map((row) => ({
        _id: row.id,
        applicationId: row.application_id,
        status: row.status,
        durationMinutes: row.duration_minutes,
        location: row.location,
        videoUrl: row.video_url,
        slots: slotsOf(row),
        chosen: row.chosen_start ? new Date(row.chosen_start).toISOString() : null,
      }));
    },

    async view(token: string): Promise<AppointmentView> {
      return view(await byToken(token));
    },

    /** Books (or rebooks) one of the offered slots that has not passed. */
    async book(token: string, slot: string, timeZone: string, log: FastifyBaseLogger): Promise<AppointmentView> {
      const row = await byToken(token);
      if (row.status === 'CANCELLED') throw new HttpError(409, ERROR_KEYS.appointmentCancelled);
      const chosen = slotsOf(row).find((offered) => sameInstant(offered, slot));
      if (!chosen) throw new HttpError(422, ERROR_KEYS.appointmentUnknownSlot);
      const start = new Date(chosen);
      if (start <= now()) throw new HttpError(422, ERROR_KEYS.appointmentSlotInPast);
      if (row.status === 'BOOKED' && row.chosen_start && sameInstant(row.chosen_start, start)) return view(row);
      const sequence = row.status === 'OFFERED' ? row.sequence : row.sequence + 1;
      await db
        .updateTable('appointments')
        .set({ status: 'BOOKED', chosen_start: start, time_zone: timeZone, sequence, updated_at: now() })
        .where('id', '=', row.id)
        .where('company_id', '=', row.company_id)
        .execute();
      const updated = { ...row, status: 'BOOKED' as const, chosen_start: start, time_zone: timeZone, sequence };
      notify(updated, 'REQUEST', start, `${publicUrl}/applicant/appointments/${token}`, log);
      return view(updated);
    },

    /** The candidate cancels with the link: both get the cancellation (.ics METHOD:CANCEL). */
    async cancelByCandidate(token: string, log: FastifyBaseLogger): Promise<AppointmentView> {
      const row = await byToken(token);
      return cancel(row, `${publicUrl}/applicant/appointments/${token}`, log);
    },

    async cancelByRecruiter(companyId: string, appointmentId: string, log: FastifyBaseLogger): Promise<AppointmentView> {
      const row = await appointmentWith(db, { companyId, id: appointmentId });
      if (!row) throw new HttpError(404, ERROR_KEYS.notFound);
      return cancel(row, publicUrl, log);
    },
  };

  async function cancel(row: AppointmentRow, link: string, log: FastifyBaseLogger): Promise<AppointmentView> {
    if (row.status === 'CANCELLED') return view(row);
    const sequence = row.sequence + 1;
    await db.updateTable('appointments').set({ status: 'CANCELLED', sequence, updated_at: now() }).where('id', '=', row.id).where('company_id', '=', row.company_id).execute();
    const updated = { ...row, status: 'CANCELLED' as const, sequence };
    if (row.chosen_start) notify(updated, 'CANCEL', new Date(row.chosen_start), link, log);
    return view(updated);
  }
}
