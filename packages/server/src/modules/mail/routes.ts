import type { FastifyPluginAsync } from 'fastify';
import { type OutboxMail, readOutbox } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The text with its links clickable (escaped first, so only our own anchors are HTML). */
function textWithLinks(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function mailHtml(mail: OutboxMail): string {
  return `<article aria-labelledby="m-${escapeHtml(mail.id)}">
  <h2 id="m-${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</h2>
  <dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Date</dt><dd><time datetime="${escapeHtml(mail.date)}">${escapeHtml(mail.date)}</time></dd></dl>
  <pre>${textWithLinks(mail.text)}</pre>
  ${mail.attachments.length ? `<ul aria-label="Attachments">${mail.attachments.map((file) => `<li>${escapeHtml(file.filename)} (${escapeHtml(file.contentType)})<pre>${escapeHtml(file.content)}</pre></li>`).join('')}</ul>` : ''}
  ${mail.links.length ? `<ul aria-label="Links">${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
</article>`;
}

export function outboxPage(mails: OutboxMail[]): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}article{border-top:1px solid #777;padding:.5rem 0}pre{white-space:pre-wrap}a{color:#0645ad}dl{display:grid;grid-template-columns:auto 1fr;gap:0 1rem}dd{margin:0}</style>
</head>
<body>
<main>
<h1>Outbox (${mails.length} ${mails.length === 1 ? 'mail' : 'mails'})</h1>
${mails.length ? mails.map(mailHtml).join('\n') : '<p>No mail sent yet.</p>'}
</main>
</body>
</html>
`;
}

/** Development only (never registered when NODE_ENV=production): the mails of the local outbox. */
export const outboxRoutes: FastifyPluginAsync<{ outboxDir: string }> = async (app, { outboxDir }) => {
  app.get('/dev/outbox.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readOutbox(outboxDir);
  });
  app.get('/dev/outbox', async (_request, reply) => {
    // Its own policy: the page's one inline stylesheet, nothing else (mail bodies are escaped text).
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8');
    return outboxPage(await readOutbox(outboxDir));
  });
};
