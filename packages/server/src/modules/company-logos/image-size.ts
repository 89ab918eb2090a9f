/**
 * The pixel size of a logo image, read from its header (PNG IHDR, JPEG start-of-frame, BMP info
 * header), so pages can give the <img> its width and height before it loads. Undefined when the
 * header cannot be read: such a file is refused like one of the wrong type.
 */
export function imageSize(bytes: Buffer, type: string): { width: number; height: number } | undefined {
  const size = type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : type === 'image/bmp' ? bmpSize(bytes) : undefined;
  return size && size.width > 0 && size.height > 0 && size.width <= 20_000 && size.height <= 20_000 ? size : undefined;
}

function pngSize(bytes: Buffer) {
  // Signature (8), chunk length (4), "IHDR" (4), then width and height (big endian).
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, ...) carry the size; DHT/DAC/JPG (C4, C8, CC) do not. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer) {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (SOF.has(marker)) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

function bmpSize(bytes: Buffer) {
  if (bytes.length < 26) return undefined;
  const header = bytes.readUInt32LE(14);
  if (header === 12) return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
  if (bytes.length < 26 + 4) return undefined;
  // Height is negative for a top-down bitmap.
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}
