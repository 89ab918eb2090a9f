import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FileStoreConfig } from '../../config';
import type { Database } from '../../db/schema';
import { createDiskStorage } from './drivers/disk';
import { createPostgresStorage } from './drivers/postgres';
import { createS3Client, createS3Storage, createS3Usage } from './drivers/s3';
import type { FileStorage } from './file-storage';

/**
 * The namespaces of files. Each is listed on its own, so the sweep of CVs no upload row names
 * never sees a step file or a video. On disk they keep the folders they always had.
 */
export const FILE_NAMESPACES = {
  uploads: { disk: '', name: 'uploads' },
  stepFiles: { disk: 'step-files', name: 'step-files' },
  interviews: { disk: 'interviews', name: 'interviews' },
} as const;

export type FileNamespace = keyof typeof FILE_NAMESPACES;

/** Opens namespaces on the configured driver (one S3 client for all of them). */
export function createFileStoreFactory(config: FileStoreConfig, dataDir: string, db: Kysely<Database>): (namespace: string, diskFolder?: string) => FileStorage {
  const root = join(dataDir, 'uploads');
  if (config.driver === 'postgres') return (namespace) => createPostgresStorage(db, namespace, { maxBytes: config.maxBytes });
  if (config.driver === 's3') {
    const client = createS3Client(config);
    // One measure of the bucket for all namespaces: the capacity is the bucket's.
    const usage = createS3Usage(client, config.bucket);
    return (namespace) => createS3Storage(client, config.bucket, namespace, { maxBytes: config.maxBytes, usage });
  }
  return (namespace, diskFolder = namespace) => createDiskStorage(diskFolder ? join(root, diskFolder) : root);
}

export type FileStores = Record<FileNamespace, FileStorage>;

export function createFileStores(config: FileStoreConfig, dataDir: string, db: Kysely<Database>): FileStores {
  const open = createFileStoreFactory(config, dataDir, db);
  return {
    uploads: open(FILE_NAMESPACES.uploads.name, FILE_NAMESPACES.uploads.disk),
    stepFiles: open(FILE_NAMESPACES.stepFiles.name, FILE_NAMESPACES.stepFiles.disk),
    interviews: open(FILE_NAMESPACES.interviews.name, FILE_NAMESPACES.interviews.disk),
  };
}
