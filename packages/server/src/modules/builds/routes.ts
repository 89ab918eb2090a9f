import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BuildInfo, BuildInfoSchema } from '@rec/core';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';

/** The file the build writes next to widgets/ and host/: `{ "buildId": "...", "timestamp": 1732233600000 }`. */
export const BUILD_INFO_FILE = 'build-info.json';

/**
 * The version of the running front-end, read on every call (the file changes when a deploy
 * rebuilds dist/ under a running server). Without a valid file (dev, API-only runs) the
 * process start stands in, so clients still see "a new version" after a restart.
 */
export async function readBuildInfo(distDir: string, fallback: BuildInfo): Promise<BuildInfo> {
  try {
    const parsed = v.safeParse(BuildInfoSchema, JSON.parse(await readFile(join(distDir, BUILD_INFO_FILE), 'utf8')));
    return parsed.success ? { buildId: parsed.output.buildId, timestamp: parsed.output.timestamp } : fallback;
  } catch {
    return fallback;
  }
}

export const buildRoutes: FastifyPluginAsync<{ distDir: string; startedAt: number }> = async (app, { distDir, startedAt }) => {
  const fallback: BuildInfo = { buildId: `dev-${startedAt}`, timestamp: startedAt };
  // Clients poll with a cache-busting `timestamp` query; it is accepted and ignored.
  app.get('/builds/latest.json', { config: { apiDoc: { summary: 'The version of the widgets build the server runs' }, publicCache: 'revalidate' } }, () => readBuildInfo(distDir, fallback));
};
