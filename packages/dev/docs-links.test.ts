import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// The README is the newcomer's first page and docs/ holds the rest by reader: every relative link
// between them (a file, and a heading's anchor in it) must lead somewhere, so a moved or renamed
// section breaks this test rather than a reader's click.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const docs = join(root, 'docs');
const pages = [join(root, 'README.md'), ...readdirSync(docs).filter((name) => name.endsWith('.md')).map((name) => join(docs, name))];

/** The page's text outside fenced code blocks and inline code, where a link is only an example. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = (heading ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((match) => match[1] ?? '');
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

test('every relative link of the README and docs/ leads to an existing file and heading', () => {
  const broken: string[] = [];
  for (const page of pages) {
    const text = readFileSync(page, 'utf8');
    for (const target of linksOf(text)) {
      if (isExternal(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path ? join(dirname(page), decodeURIComponent(path)) : page;
      const where = `${relative(root, page)} -> ${target}`;
      if (!existsSync(file)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor && !statSync(file).isDirectory() && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${where}: no such heading`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the README stays a first page (under 200 lines) and links every page of docs/', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  assert.ok(readme.split('\n').length < 200, `README.md has ${readme.split('\n').length} lines`);
  const linked = new Set(linksOf(readme).map((target) => target.split('#')[0]));
  const unlinked = pages.filter((page) => page.startsWith(docs)).filter((page) => !linked.has(`docs/${relative(docs, page)}`));
  assert.deepEqual(
    unlinked.map((page) => relative(root, page)),
    [],
  );
});

test('heading anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
  const anchors = anchorsOf('# Embed a "we\'re hiring" badge\n## `<rec-applicant-steps>`\n## Backup and restore\n## Backup and restore\n```\n# not a heading\n```');
  assert.deepEqual([...anchors], ['embed-a-were-hiring-badge', 'rec-applicant-steps', 'backup-and-restore', 'backup-and-restore-1']);
});
