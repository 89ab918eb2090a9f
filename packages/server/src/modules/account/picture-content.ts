import type { ProfilePictureBody } from '@rec/core';

/** Leading bytes of each accepted picture type: the content decides, not the claimed type. */
const SIGNATURES: Record<ProfilePictureBody['type'], (bytes: Buffer) => boolean> = {
  'image/png': (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/webp': (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Whether the decoded picture really is of its claimed type. */
export function pictureMatchesType(picture: ProfilePictureBody): boolean {
  const bytes = Buffer.from(picture.base64, 'base64');
  return bytes.length >= 12 && SIGNATURES[picture.type](bytes);
}
