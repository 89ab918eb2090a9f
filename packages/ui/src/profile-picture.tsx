import { safeUrl } from './safe-url';

/** Spec §3 profile picture value: an inline image. */
export interface InlinePicture {
  type: string;
  base64: string;
}

export type PictureSource = InlinePicture | string | null | undefined;

/** The border (2 px each side) takes this much off the image size (spec §2). */
export const PROFILE_PICTURE_BORDER = 4;
export const PROFILE_PICTURE_DEFAULT_SIZE = 100;

const IMAGE_TYPE = /^image\/(png|jpe?g|gif|webp|bmp|svg\+xml)$/i;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

/** The `src` for a picture value: a `data:` URL for inline images, a web URL as is, else undefined. */
export function pictureSrc(picture: PictureSource): string | undefined {
  if (!picture) return undefined;
  if (typeof picture === 'string') return picture.startsWith('data:image/') ? picture : safeUrl(picture);
  if (!IMAGE_TYPE.test(picture.type) || !BASE64.test(picture.base64)) return undefined;
  return `data:${picture.type};base64,${picture.base64.replace(/\s/g, '')}`;
}

export interface ProfilePictureProps {
  picture?: PictureSource;
  /** Accessible name (the person's name); empty makes the picture decorative. */
  alt: string;
  /** Outer size in px, border included (default 100). */
  size?: number;
}

/** A round profile picture: inline image, URL, or a user icon when there is none. */
export function ProfilePicture({ picture, alt, size = PROFILE_PICTURE_DEFAULT_SIZE }: ProfilePictureProps) {
  const src = pictureSrc(picture);
  const inner = Math.max(0, size - PROFILE_PICTURE_BORDER);
  return (
    <span className="rec-profile-picture" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt={alt} width={inner} height={inner} />
      ) : (
        <svg
          width={inner}
          height={inner}
          viewBox="0 0 24 24"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          focusable="false"
        >
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}
