import { type CompanyLogo, ERROR_KEYS, LOGO_MAX_BYTES, LOGO_TYPES, type LogoCreateBody, type LogoUpdateBody, type PublicLogo } from '@rec/core';
import { newId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import type { DomainEvents } from '../domain-events/domain-events';
import { recogniseContent } from '../storage/file-content';
import type { FileStorage } from '../storage/file-storage';
import { imageSize } from './image-size';
import { isUniqueViolation } from '../../db/unique-violation';
import type { LogoRepository } from './repository';

export type LogoService = ReturnType<typeof createLogoService>;

type LogoRow = Awaited<ReturnType<LogoRepository['list']>>[number];

/** The public address of a logo's image: its id never changes its bytes, so it may be cached for a year. */
export const logoUrl = (publicUrl: string, id: string) => `${publicUrl.replace(/\/+$/, '')}/v2/logos/${id}`;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The company's logos (spec §3, §5, §6): upload checked by content and size, unique names,
 * one default. Every change emits LOGO_CHANGED so cached boards and offers show the new logo.
 */
export function createLogoService(deps: { repository: LogoRepository; storage: FileStorage; events: DomainEvents; publicUrl: string }) {
  const { repository, storage, events, publicUrl } = deps;
  const resource = (row: LogoRow): CompanyLogo => ({
    _id: row.id,
    name: row.name,
    url: logoUrl(publicUrl, row.id),
    options: { mask: row.mask },
    width: row.width,
    height: row.height,
    default: row.is_default,
  });
  /** After every change: the default logo into the settings, then LOGO_CHANGED so cached boards and offers refresh. */
  const changed = async (companyId: string) => {
    const row = await repository.findDefault(companyId);
    // The mask goes along: the widgets draw the logo in it (issue 16's theme).
    await repository.syncDefault(companyId, row ? { url: logoUrl(publicUrl, row.id), width: row.width, height: row.height, mask: row.mask } : null);
    events.emit({ type: 'LOGO_CHANGED', companyId });
  };

  return {
    async list(companyId: string): Promise<CompanyLogo[]> {
      return (await repository.list(companyId)).map(resource);
    },

    async defaultLogo(companyId: string, alt: string): Promise<PublicLogo | null> {
      const row = await repository.findDefault(companyId);
      return row ? { url: logoUrl(publicUrl, row.id), width: row.width, height: row.height, alt } : null;
    },

    async create(companyId: string, body: LogoCreateBody): Promise<CompanyLogo> {
      const base64 = body.file.base64.replace(/^data:[^,]*,/, '');
      if (!BASE64.test(base64)) throw new HttpError(400, ERROR_KEYS.badRequest);
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0) throw new HttpError(400, ERROR_KEYS.badRequest);
      if (bytes.length > LOGO_MAX_BYTES) throw new HttpError(413, ERROR_KEYS.logoTooLarge);
      // The bytes decide, not the type the client claims (a GIF or HTML renamed .png is refused).
      const content = recogniseContent(bytes);
      if (!content || !(LOGO_TYPES as readonly string[]).includes(content.type)) throw new HttpError(415, ERROR_KEYS.logoType);
      const size = imageSize(bytes, content.type);
      if (!size) throw new HttpError(415, ERROR_KEYS.logoType);
      if (await repository.nameTaken(companyId, body.name)) throw new HttpError(409, ERROR_KEYS.logoNameTaken);
      const id = newId();
      const staged = await storage.stage(companyId, bytes, content.extensions[0] ?? 'img');
      try {
        await repository.insert({
          id,
          company_id: companyId,
          name: body.name,
          mask: body.options?.mask ?? 'WHITE',
          storage_key: staged.key,
          content_type: content.type,
          width: size.width,
          height: size.height,
          byte_size: bytes.length,
        });
      } catch (error) {
        await staged.discard();
        if (isUniqueViolation(error)) throw new HttpError(409, ERROR_KEYS.logoNameTaken);
        throw error;
      }
      await staged.commit();
      await changed(companyId);
      const row = await repository.find(companyId, id);
      if (!row) throw new HttpError(404, ERROR_KEYS.logoNotFound);
      return resource(row);
    },

    async update(companyId: string, id: string, body: LogoUpdateBody): Promise<CompanyLogo> {
      if (!(await repository.find(companyId, id))) throw new HttpError(404, ERROR_KEYS.logoNotFound);
      if (await repository.nameTaken(companyId, body.name, id)) throw new HttpError(409, ERROR_KEYS.logoNameTaken);
      try {
        await repository.update(companyId, id, { name: body.name, mask: body.options?.mask });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, ERROR_KEYS.logoNameTaken);
        throw error;
      }
      await changed(companyId);
      const row = await repository.find(companyId, id);
      if (!row) throw new HttpError(404, ERROR_KEYS.logoNotFound);
      return resource(row);
    },

    async setDefault(companyId: string, id: string): Promise<CompanyLogo> {
      if (!(await repository.setDefault(companyId, id))) throw new HttpError(404, ERROR_KEYS.logoNotFound);
      await changed(companyId);
      const row = await repository.find(companyId, id);
      if (!row) throw new HttpError(404, ERROR_KEYS.logoNotFound);
      return resource(row);
    },

    async remove(companyId: string, id: string, log: { error(details: object, message: string): void }): Promise<void> {
      const key = await repository.remove(companyId, id);
      if (!key) throw new HttpError(404, ERROR_KEYS.logoNotFound);
      await changed(companyId);
      // The row is gone: a file left behind is only logged (the orphan sweep removes it later).
      await storage.remove(key).catch((error: unknown) => log.error({ err: error, storageKey: key }, 'could not remove a logo file'));
    },

    /** The image bytes of a logo for the public route, or undefined. */
    async image(id: string): Promise<{ bytes: Buffer; type: string } | undefined> {
      const row = await repository.findPublic(id);
      if (!row) return undefined;
      const bytes = await storage.get(row.storage_key);
      return bytes ? { bytes, type: row.content_type } : undefined;
    },
  };
}
