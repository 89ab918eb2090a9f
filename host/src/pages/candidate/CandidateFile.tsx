import type { CandidateReview } from '@rec/core/candidate-review';
import { useT } from '../../i18n';

type FileView = CandidateReview['files']['cv'];

/**
 * A candidate's file shown where the browser can: a PDF in the browser's own viewer (an iframe of
 * our URL; the back-office CSP allows frame-src 'self'), an image as an image, anything else as a
 * download link. Without CANDIDATES:SENSITIVE:READ only the name shows.
 */
export function CandidateFile({ file, title }: { file: FileView; title: string }) {
  const t = useT();
  if (!file) return <p>{t('candidatePage.noFile')}</p>;
  if (!file.viewUrl || !file.downloadUrl) return <p>{t('candidatePage.fileRestricted', { name: file.name })}</p>;
  const download = (
    <p>
      <a href={file.downloadUrl} download={file.name}>
        {t('candidatePage.download', { name: file.name })}
      </a>
    </p>
  );
  if (file.contentType === 'application/pdf') {
    return (
      <>
        <iframe className="candidate-file-frame" src={file.viewUrl} title={title} />
        {download}
      </>
    );
  }
  if (file.contentType.startsWith('image/')) {
    return (
      <>
        <img className="candidate-file-image" src={file.viewUrl} alt={title} />
        {download}
      </>
    );
  }
  return download;
}
