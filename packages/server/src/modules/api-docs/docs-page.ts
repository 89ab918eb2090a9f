import type { Locale } from '@rec/core';
import { serverT } from '../../i18n/server-texts';

type JsonObject = Record<string, unknown>;

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');
}

/** A schema as JSON; focusable because it may scroll sideways on a phone (keyboard users must reach it). */
const schemaBlock = (schema: unknown, label: string) => `<pre tabindex="0" aria-label="${escapeHtml(label)}"><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`;

/** The stylesheet of /docs, served from our origin (our CSP allows no inline style). */
export const DOCS_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a}
a{color:#0b57d0}h2{font-size:1.1rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:1rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f4f4f4;padding:.5rem;overflow:auto;font-size:.85rem}td code{overflow-wrap:anywhere}nav ul{columns:2}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
`;

/**
 * The API documentation as plain HTML, rendered on the server from the OpenAPI document: no script,
 * no CDN, nothing our Content-Security-Policy would block, readable with a keyboard and a screen
 * reader. The document itself stays the reference (linked at the top).
 */
export function renderDocsPage(document: JsonObject, locale: Locale): string {
  const t = serverT(locale, 'apiDocs');
  const paths = (document.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .map(([method, operation]) => ({ path, method, operation })),
  );
  const contents = operations
    .map(({ path, method }) => `<li><a href="#${anchorOf(method, path)}"><span class="method">${method}</span> ${escapeHtml(path)}</a></li>`)
    .join('');
  const sections = operations
    .map(({ path, method, operation }) => {
      const parameters = (operation.parameters ?? []) as JsonObject[];
      const parameterTable = parameters.length
        ? `<table><thead><tr><th scope="col">${t('name')}</th><th scope="col">${t('location')}</th><th scope="col">${t('required')}</th><th scope="col">${t('schema')}</th></tr></thead><tbody>${parameters
            .map(
              (parameter) =>
                `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(String(parameter.in))}</td><td>${parameter.required ? t('yes') : t('no')}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
            )
            .join('')}</tbody></table>`
        : `<p>${t('noParameters')}</p>`;
      const body = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
      const response = (operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)?.['200']?.content?.['application/json']?.schema;
      return `<section aria-labelledby="${anchorOf(method, path)}"><h2 id="${anchorOf(method, path)}"><span class="method">${method}</span> <code>${escapeHtml(path)}</code></h2>${
        operation.summary ? `<p>${escapeHtml(String(operation.summary))}</p>` : ''
      }<h3>${t('parameters')}</h3>${parameterTable}${body ? `<h3>${t('requestBody')}</h3>${schemaBlock(body, `${t('requestBody')}: ${method.toUpperCase()} ${path}`)}` : ''}${
        response ? `<h3>${t('response')}</h3>${schemaBlock(response, `${t('response')}: ${method.toUpperCase()} ${path}`)}` : ''
      }</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(t('title'))}</title>
<link rel="stylesheet" href="/docs/docs.css" />
</head>
<body>
<main>
<h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('intro'))} <a href="/openapi.json">${escapeHtml(t('document'))}</a></p>
<nav aria-label="${escapeHtml(t('contents'))}"><ul>${contents}</ul></nav>
${sections}
</main>
</body>
</html>
`;
}
