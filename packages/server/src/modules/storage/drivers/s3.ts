import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteRange, checkKey, checkTemporaryName, clipRange, collect, type FileStorage, KEY, type ListedFile, newNames, TEMPORARY } from '../file-storage';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** Marks the object of a growing file: its bytes are in `<key>.parts/<offset>` objects (S3 cannot append). */
const GROWING = 'growing';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Any S3-compatible service (Cloudflare R2, MinIO); AWS S3 when unset. */
  endpoint?: string;
  /** Path-style URLs (MinIO and most self-hosted services need them); on with an endpoint. */
  forcePathStyle?: boolean;
  /** Explicit keys; otherwise the SDK's usual chain (AWS_ACCESS_KEY_ID..., instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createS3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = { region: settings.region, forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint) };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.credentials) config.credentials = settings.credentials;
  return new S3Client(config);
}

/** `http://KEY:SECRET@host:9000/bucket?region=us-east-1` (S3_TEST_URL) as settings. */
export function s3SettingsFromUrl(value: string): S3Settings {
  const url = new URL(value);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket) throw new Error('the S3 URL names no bucket');
  return {
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint: `${url.protocol}//${url.host}`,
    forcePathStyle: true,
    credentials: url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : undefined,
  };
}

/** What the bucket holds, shared by the namespaces of one client. */
export interface StoreUsage {
  usedBytes(): Promise<number>;
}

/** How long a measured total of the bucket is reused: listing a large bucket is not free. */
const USAGE_TTL_MS = 60_000;

/** The bytes of every object in the bucket, listed at most once a minute. */
export function createS3Usage(client: S3Client, bucket: string, ttlMs = USAGE_TTL_MS, now: () => number = Date.now): StoreUsage {
  let measured: { at: number; bytes: Promise<number> } | undefined;
  async function measure(): Promise<number> {
    let bytes = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const item of page.Contents ?? []) bytes += item.Size ?? 0;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return bytes;
  }
  return {
    usedBytes() {
      if (!measured || now() - measured.at >= ttlMs) {
        const bytes = measure();
        measured = { at: now(), bytes };
        // A failed listing is not kept: the next upload measures again.
        bytes.catch(() => {
          measured = undefined;
        });
      }
      return measured.bytes;
    },
  };
}

const isMissing = (error: unknown) => {
  const value = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return value?.name === 'NoSuchKey' || value?.name === 'NotFound' || value?.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects `<namespace>/<key>` in one bucket. A stage is an object under its temporary
 * name, copied to its key on commit. A growing file (an interview answer) is a marker object plus
 * one object per appended chunk, read back in order. A multipart upload under way is not listed
 * by S3 at all, so the sweep never sees another instance's write; abandoned ones go through the
 * bucket's lifecycle rule (docs/operations.md "Scaling out").
 */
export function createS3Storage(client: S3Client, bucket: string, namespace: string, options: { maxBytes?: number; usage?: StoreUsage } = {}): FileStorage {
  const usage = options.usage ?? createS3Usage(client, bucket);
  const objectOf = (name: string) => `${namespace}/${name}`;
  const partsOf = (key: string) => `${objectOf(key)}.parts/`;

  async function listAll(prefix: string): Promise<{ name: string; size: number; modifiedAt: Date }[]> {
    const found: { name: string; size: number; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ name: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** The object's size, or for a growing file its parts in order with their offsets. */
  async function describe(key: string) {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectOf(checkKey(key)) })).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!head) return undefined;
    if (head.Metadata?.[GROWING] !== 'true') return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0), parts: undefined };
    const parts = (await listAll(partsOf(key))).sort((a, b) => a.name.localeCompare(b.name));
    const size = parts.reduce((sum, part) => sum + part.size, 0);
    const modifiedAt = new Date(Math.max((head.LastModified ?? new Date(0)).getTime(), ...parts.map((part) => part.modifiedAt.getTime())));
    return { size, modifiedAt, parts };
  }

  async function* readObject(name: string, range: ByteRange): AsyncGenerator<Uint8Array> {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name, Range: `bytes=${range.start}-${range.end}` }));
    if (!answer.Body) return;
    // Never more than asked, whatever the service answers (some S3 look-alikes read `bytes=0-0` as `0-`).
    let left = range.end - range.start + 1;
    for await (const chunk of answer.Body as Readable) {
      const part = (chunk as Buffer).subarray(0, left);
      left -= part.length;
      yield part;
      if (left <= 0) break;
    }
  }

  async function* readParts(parts: { name: string; size: number }[], range: ByteRange): AsyncGenerator<Uint8Array> {
    let offset = 0;
    for (const part of parts) {
      const partEnd = offset + part.size - 1;
      if (part.size && partEnd >= range.start && offset <= range.end) {
        yield* readObject(part.name, { start: Math.max(range.start, offset) - offset, end: Math.min(range.end, partEnd) - offset });
      }
      offset += part.size;
    }
  }

  async function put(name: string, body: Parameters<FileStorage['stage']>[1], metadata?: Record<string, string>): Promise<void> {
    if (Buffer.isBuffer(body)) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: body, ContentLength: body.length, Metadata: metadata }));
      return;
    }
    // Multipart in 5 MB parts, one at a time: a stream of unknown length never sits whole in memory.
    await new Upload({ client, params: { Bucket: bucket, Key: name, Body: Readable.from(body), Metadata: metadata }, queueSize: 1, partSize: 5 * 1024 * 1024 }).done();
  }

  const storage: FileStorage = {
    async stage(companyId, body, extension) {
      const { key, temporary } = newNames(companyId, extension, hex);
      await put(objectOf(temporary), body);
      const discard = async () => {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectOf(temporary) }));
      };
      return {
        key,
        async commit() {
          await client.send(new CopyObjectCommand({ Bucket: bucket, Key: objectOf(key), CopySource: `${bucket}/${objectOf(temporary)}` }));
          await discard();
        },
        discard,
      };
    },
    async get(key) {
      const opened = await storage.openRead(key);
      return opened && collect(opened.stream);
    },
    async openRead(key, range) {
      const file = await describe(key);
      if (!file) return undefined;
      const clipped = clipRange(file.size, range);
      if (clipped.end < clipped.start) return { stream: Readable.from([]), size: file.size, ...clipped };
      const chunks = file.parts ? readParts(file.parts, clipped) : readObject(objectOf(key), clipped);
      return { stream: Readable.from(chunks), size: file.size, ...clipped };
    },
    async stat(key) {
      const file = await describe(key);
      return file && { size: file.size, modifiedAt: file.modifiedAt };
    },
    async create(companyId, extension) {
      const { key } = newNames(companyId, extension, hex);
      await put(objectOf(key), Buffer.alloc(0), { [GROWING]: 'true' });
      return key;
    },
    async append(key, bytes) {
      const file = await describe(key);
      if (!file?.parts) throw new Error('no such growing file');
      // The part's name is its offset, zero-padded so names sort in file order.
      await put(`${partsOf(key)}${String(file.size).padStart(12, '0')}`, bytes);
    },
    async remove(key) {
      const parts = await listAll(partsOf(checkKey(key)));
      for (let start = 0; start < parts.length; start += 1000) {
        const batch = parts.slice(start, start + 1000).map((part) => ({ Key: part.name }));
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectOf(key) }));
    },
    async list() {
      const stored: ListedFile[] = [];
      const temporary: ListedFile[] = [];
      for (const object of await listAll(`${namespace}/`)) {
        const name = object.name.slice(namespace.length + 1);
        // Parts and anything else under the prefix are not files of their own.
        if (KEY.test(name)) stored.push({ name, modifiedAt: object.modifiedAt });
        else if (TEMPORARY.test(name)) temporary.push({ name, modifiedAt: object.modifiedAt });
      }
      return { stored, temporary };
    },
    async removeTemporary(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectOf(checkTemporaryName(name)) }));
    },
    async freeBytes() {
      // A bucket has no volume to measure: FILE_STORE_MAX_MB is its capacity (issue 24, H2).
      return options.maxBytes === undefined ? undefined : options.maxBytes - (await usage.usedBytes());
    },
  };
  return storage;
}
