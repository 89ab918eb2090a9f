import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throw-away dist/ folder holding `files`, so the static and server-rendered routes are registered in tests. */
export function writeDist(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rec-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}
