import { choicesText } from '@rec/core/choices';
import { type ApplicantResource, fetchApplicants, isApiError, type Page } from '@rec/api-client';
import { DATA_TABLE, PERMISSIONS, SENSITIVE_FIELDS } from '@rec/core';
import { candidatePagePath } from '@rec/core/candidate-review';
import { $opening, can } from '@rec/stores';
import { DataTable, type DataTableColumn, Loading, Pagination, pageRange } from '@rec/ui';
import { useEffect, useMemo, useState } from 'react';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { useCoalesced, useRealtime } from '../../realtime';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { applyAnswerColumns } from './ApplyFormFields';
import { OpeningActions } from './OpeningActions';
import { PostingList } from './Postings';
import { DescriptionView, formatDate, languageName, StatusBadge } from './shared';
import { CareerPageNotice, VisibleOn } from './Visibility';
import { contractLabel } from './contract-options';

/** /recruiter/openings/{id}: the opening, its postings (channels with copyable URLs) and its applicants. */
export function OpeningPage() {
  const t = useT();
  const opening = useStore($opening);
  const locale = $locale.get();
  useTitle(opening?.title ?? t('openings.title'));
  if (!opening) return <Loading label={t('openings.loading')} />;

  const details: [string, string][] = [
    [t('openings.fields.referenceCode'), opening.referenceCode ?? ''],
    [t('openings.fields.language'), languageName(opening.language, locale)],
    [t('openings.fields.location'), opening.location ?? ''],
    [t('openings.fields.contract'), contractLabel(t, opening.contract)],
    [t('openings.detail.created'), formatDate(opening.createdAt)],
    [t('openings.detail.updated'), formatDate(opening.updatedAt)],
  ];

  return (
    <article className="opening" aria-labelledby="opening-title">
      <p>
        <a href="/recruiter/openings">{t('openings.detail.back')}</a>
      </p>
      <div className="page-header">
        <h1 id="opening-title">{opening.title}</h1>
        <StatusBadge status={opening.status} />
        <a className="rec-button rec-button-secondary" href={`/recruiter/openings/${opening._id}/candidates`}>
          {t('pipeline.candidatesLink', { count: opening.applicationsCount ?? 0 })}
        </a>
        <OpeningActions opening={opening} />
      </div>
      <CareerPageNotice opening={opening} />
      <dl className="opening-details">
        <div>
          <dt>{t('visibility.label')}</dt>
          <dd>
            <VisibleOn opening={opening} />
          </dd>
        </div>
        {details
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {opening.description ? (
        <section aria-labelledby="opening-description">
          <h2 id="opening-description">{t('openings.fields.description')}</h2>
          <DescriptionView className="opening-description" html={opening.description} />
        </section>
      ) : null}
      <section aria-labelledby="opening-postings">
        <div className="section-header">
          <h2 id="opening-postings">{t('openings.detail.postingsTitle')}</h2>
          {opening.status === 'PUBLISHED' && can(PERMISSIONS.postingsCreate) ? (
            <a className="rec-button rec-button-secondary" href={`/recruiter/openings/${opening._id}/postings/create`}>
              {t('openings.actions.createPosting')}
            </a>
          ) : null}
        </div>
        <PostingList opening={opening} />
      </section>
      <Applicants openingId={opening._id} title={opening.title} />
    </article>
  );
}

const name = (applicant: ApplicantResource) => [applicant.personal?.name?.first, applicant.personal?.name?.last].filter(Boolean).join(' ');

/** The applicants of the opening, one page at a time: the candidate form fields of spec §3 (meta never shown). */
function Applicants({ openingId, title }: { openingId: string; title: string }) {
  const t = useT();
  const [paging, setPaging] = useState({ page: 1, pageSize: DATA_TABLE.rowsPerPage as number });
  const [result, setResult] = useState<Page<ApplicantResource> | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Live (issue 15): refetch the page shown when the opening gets an application or a candidate changes.
  const [tick, setTick] = useState(0);
  const refetch = useCoalesced(() => setTick((value) => value + 1));
  useRealtime('APPLICATION_CREATED', { openingId }, refetch);
  useRealtime('CANDIDATE_UPDATED', { openingId }, refetch);
  useRealtime('APPLICATION_STEP_FINISHED', { openingId }, refetch);

  useEffect(() => {
    let live = true;
    fetchApplicants(api, openingId, paging.page, paging.pageSize).then(
      (page) => {
        if (!live) return;
        setResult(page);
        setError(null);
      },
      (failure) => live && setError(isApiError(failure) ? failure.key : 'genericErrorTitle'),
    );
    return () => {
      live = false;
    };
  }, [openingId, paging, tick]);

  // Without CANDIDATES:SENSITIVE:READ the server leaves these answers out: their columns go too.
  const sensitive = can(PERMISSIONS.candidatesSensitiveRead);
  const columns = useMemo<DataTableColumn<ApplicantResource>[]>(() => {
    const yesNo = (value: boolean | string | null | undefined) => (value === true || value === 'yes' ? t('openings.yes') : value === false || value === 'no' ? t('openings.no') : '');
    const all: DataTableColumn<ApplicantResource>[] = [
      // The candidate page (issue 11) shows everything the candidate gave.
      { id: 'name', header: t('openings.applicants.name'), rowHeader: true, cell: (row) => <a href={candidatePagePath(openingId, row.candidateId)}>{name(row) || row.personal?.email || ''}</a> },
      { id: 'email', header: t('openings.applicants.email'), cell: (row) => row.personal?.email ?? '' },
      { id: 'phone', header: t('openings.applicants.phone'), cell: (row) => row.personal?.phone ?? '' },
      { id: 'nationality', header: t('openings.applicants.nationality'), cell: (row) => row.personal?.nationality ?? '' },
      { id: 'birthDate', header: t('openings.applicants.birthDate'), cell: (row) => (row.personal?.birthDate && /^\d{4}-/.test(row.personal?.birthDate) ? formatDate(row.personal?.birthDate) : (row.personal?.birthDate ?? '')) },
      { id: 'gender', header: t('openings.applicants.gender'), cell: (row) => (row.personal?.gender ? t(`openings.gender.${row.personal?.gender}`, { defaultValue: row.personal?.gender }) : '') },
      { id: 'address', header: t('openings.applicants.address'), cell: (row) => row.personal?.address ?? '' },
      { id: 'salary', header: t('openings.applicants.salary'), cell: (row) => String(row.expectedConditions?.salary ?? '') },
      { id: 'drivingLicenses', header: t('openings.applicants.drivingLicenses'), cell: (row) => choicesText(row.profile?.capabilities?.drivingLicenses ?? [], t('openings.applicants.noDrivingLicence')) },
      { id: 'hasWorkPermit', header: t('openings.applicants.workPermit'), cell: (row) => yesNo(row.profile?.capabilities?.hasWorkPermit) },
      { id: 'appliedAt', header: t('openings.applicants.appliedAt'), cell: (row) => formatDate(row.appliedAt) },
      { id: 'channel', header: t('openings.applicants.channel'), cell: (row) => (row.channel?.kind ? t(`openings.posting.channel.${row.channel.kind}`, { defaultValue: row.channel.kind }) : '') },
      // Same origin as the API: the session cookie goes with the download; the server checks the company.
      { id: 'cv', header: t('openings.applicants.cv'), cell: (row) => (row.cv?.url ? <a href={row.cv.url} download={row.cv.name}>{row.cv.name}</a> : (row.cv?.name ?? '')) },
      ...applyAnswerColumns(t),
    ];
    return all.filter((column) => sensitive || !(SENSITIVE_FIELDS as readonly string[]).includes(column.id));
  }, [t, sensitive, openingId]);

  const total = result?.total ?? 0;
  const { from, to } = pageRange(paging.page, paging.pageSize, total);
  return (
    <section aria-labelledby="opening-applicants">
      <h2 id="opening-applicants">{t('openings.detail.applicantsTitle')}</h2>
      {error ? <p role="alert">{t(error)}</p> : null}
      {!result && !error ? <Loading label={t('openings.detail.loadingApplicants')} /> : null}
      {result ? (
        <>
          <DataTable
            caption={t('openings.detail.applicantsCaption', { title })}
            columns={columns}
            rows={result.items}
            rowKey={(row) => row._id}
            empty={t('openings.detail.noApplicants')}
          />
          <Pagination
            page={paging.page}
            pageSize={paging.pageSize}
            total={total}
            onPage={(page) => setPaging({ ...paging, page })}
            onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
            labels={{
              navigation: t('dataTable.navigation', { name: t('openings.detail.applicantsTitle') }),
              rowsPerPage: t('dataTable.rowsPerPage'),
              range: t('dataTable.range', { from, to, total }),
              pageOf: t('dataTable.pageOf', { page: paging.page, pages: Math.max(1, Math.ceil(total / paging.pageSize)) }),
              previous: t('dataTable.previous'),
              next: t('dataTable.next'),
            }}
          />
        </>
      ) : null}
    </section>
  );
}
