import * as v from 'valibot';
import { UPLOAD } from './constants';
import { ObjectIdSchema } from './ids';

/** Spec §5: logos are jpg, jpeg, png or bmp, at most 5 MB, checked by content on the server. */
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const LOGO_MAX_BYTES = UPLOAD.logoMaxMb * 1024 * 1024;
export const LOGO_MASKS = ['WHITE', 'BLACK'] as const;
export type LogoMask = (typeof LOGO_MASKS)[number];

/** Spec §5: required, at most 40 characters (uniqueness is the server's check). */
export const LogoNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'errors.required'), v.maxLength(UPLOAD.logoNameMaxLength, 'errors.max'));

/**
 * `POST /v2/companies/settings/logos`: spec §3's logo with "a file with base64 and type". The
 * size is checked on the decoded bytes (413 with its own key); the route's body limit bounds the rest.
 */
export const LogoCreateBodySchema = v.strictObject({
  name: LogoNameSchema,
  options: v.optional(v.strictObject({ mask: v.picklist(LOGO_MASKS) })),
  file: v.strictObject({
    base64: v.pipe(v.string(), v.minLength(1, 'errors.required')),
    type: v.pipe(v.string(), v.maxLength(100)),
  }),
});
export type LogoCreateBody = v.InferOutput<typeof LogoCreateBodySchema>;

/** `PUT /v2/companies/settings/logos/{id}`: rename, and optionally change the mask. */
export const LogoUpdateBodySchema = v.strictObject({
  name: LogoNameSchema,
  options: v.optional(v.strictObject({ mask: v.picklist(LOGO_MASKS) })),
});
export type LogoUpdateBody = v.InferOutput<typeof LogoUpdateBodySchema>;

export const LogoParamsSchema = v.object({ id: ObjectIdSchema });
export type LogoParams = v.InferOutput<typeof LogoParamsSchema>;

/** A logo as `settings.logos` lists it (spec §3) plus its pixel size, so pages reserve its space. */
export interface CompanyLogo {
  _id: string;
  name: string;
  /** Absolute public URL of the image (cacheable for a year: a logo's image never changes). */
  url: string;
  options: { mask: LogoMask };
  width: number;
  height: number;
  default: boolean;
}

/** The public part of the default logo that boards, offers and mails show. */
export interface PublicLogo {
  url: string;
  width: number;
  height: number;
  alt: string;
}
