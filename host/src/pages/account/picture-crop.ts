import type { ProfilePictureBody } from '@rec/core';

/** Side of the stored square picture: sharp at the 100 px display size on a 2x screen. */
export const PICTURE_SIZE = 256;
/** Files larger than this are refused before decoding (the stored picture is far smaller). */
export const PICTURE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The square of an image, `zoom` >= 1 times closer than the largest centred square, shifted by
 * `x`/`y` in [-1, 1] of the free room: the crop's source rectangle.
 */
export function squareCrop(width: number, height: number, zoom: number, x: number, y: number) {
  const side = Math.min(width, height) / Math.max(1, zoom);
  const roomX = (width - side) / 2;
  const roomY = (height - side) / 2;
  return { sx: roomX + x * roomX, sy: roomY + y * roomY, side };
}

/** Draws the crop onto a PICTURE_SIZE square and encodes it as the inline value of spec §3. */
export function cropToPicture(image: CanvasImageSource & { width: number; height: number }, zoom: number, x: number, y: number): ProfilePictureBody {
  const canvas = document.createElement('canvas');
  canvas.width = PICTURE_SIZE;
  canvas.height = PICTURE_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  const { sx, sy, side } = squareCrop(image.width, image.height, zoom, x, y);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, PICTURE_SIZE, PICTURE_SIZE);
  context.drawImage(image, sx, sy, side, side, 0, 0, PICTURE_SIZE, PICTURE_SIZE);
  const url = canvas.toDataURL('image/jpeg', 0.85);
  return { type: 'image/jpeg', base64: url.slice(url.indexOf(',') + 1) };
}
