/**
 * Recognises what an uploaded file really is from its bytes (magic numbers), so a page of HTML
 * renamed `cv.pdf` is refused whatever name and type the client claims.
 */

export interface RecognisedContent {
  /** The MIME type the bytes are. */
  type: string;
  /** The extensions that type may carry. */
  extensions: readonly string[];
}

const startsWith = (bytes: Buffer, signature: readonly number[] | string, offset = 0): boolean => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

const ODT_TYPE = 'application/vnd.oasis.opendocument.text';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Names of the entries of a zip archive, read from its central directory (no decompression). */
export function zipEntryNames(bytes: Buffer): string[] | undefined {
  // End of central directory: 22 bytes plus a comment of up to 65535 bytes, at the very end.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return undefined;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** An OpenDocument file starts with a stored `mimetype` entry holding its type. */
function openDocumentType(bytes: Buffer): string | undefined {
  if (!startsWith(bytes, 'PK\x03\x04') || bytes.length < 30) return undefined;
  const nameLength = bytes.readUInt16LE(26);
  const extraLength = bytes.readUInt16LE(28);
  if (bytes.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const start = 30 + nameLength + extraLength;
  const size = bytes.readUInt32LE(18);
  return size > 0 && size < 100 ? bytes.toString('latin1', start, start + size) : undefined;
}

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, among the types we accept, or undefined. */
export function recogniseContent(bytes: Buffer): RecognisedContent | undefined {
  if (startsWith(bytes, '%PDF-')) return { type: 'application/pdf', extensions: ['pdf'] };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'image/png', extensions: ['png'] };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return { type: 'image/gif', extensions: ['gif'] };
  if (startsWith(bytes, 'BM') && bytes.length > 26 && bytes.readUInt32LE(2) === bytes.length) return { type: 'image/bmp', extensions: ['bmp'] };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { type: 'application/msword', extensions: ['doc'] };
  if (startsWith(bytes, '{\\rtf')) return { type: 'application/rtf', extensions: ['rtf'] };
  if (startsWith(bytes, 'PK\x03\x04')) {
    if (openDocumentType(bytes) === ODT_TYPE) return { type: ODT_TYPE, extensions: ['odt'] };
    const names = zipEntryNames(bytes);
    if (names?.includes('[Content_Types].xml') && names.includes('word/document.xml')) return { type: DOCX_TYPE, extensions: ['docx'] };
    return undefined;
  }
  // Text last: many binary formats are not valid UTF-8, but HTML is, hence the extension check.
  if (isPlainText(bytes)) return { type: 'text/plain; charset=utf-8', extensions: ['txt'] };
  return undefined;
}
