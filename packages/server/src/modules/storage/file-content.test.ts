import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recogniseContent } from './file-content';

/** A minimal zip (stored entries) with the given entries, first entry first. */
function zip(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe('recogniseContent', () => {
  it('recognises the accepted formats by their bytes', () => {
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('%PDF-1.7\n...'), 'pdf'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'jpg'],
      [Buffer.from('GIF89a....'), 'gif'],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'doc'],
      [Buffer.from('{\\rtf1\\ansi hello}'), 'rtf'],
      [Buffer.from('Ana Silva — CV'), 'txt'],
      [zip([['mimetype', 'application/vnd.oasis.opendocument.text'], ['content.xml', '<x/>']]), 'odt'],
      [zip([['[Content_Types].xml', '<Types/>'], ['word/document.xml', '<w/>']]), 'docx'],
    ];
    for (const [bytes, extension] of cases) assert.ok(recogniseContent(bytes)?.extensions.includes(extension), extension);
  });

  it('refuses other zips, binaries and HTML-as-anything-but-text', () => {
    assert.equal(recogniseContent(zip([['mimetype', 'application/vnd.oasis.opendocument.spreadsheet']])), undefined);
    assert.equal(recogniseContent(zip([['evil.exe', 'MZ']])), undefined);
    assert.equal(recogniseContent(Buffer.from([0x4d, 0x5a, 0x90, 0x00])), undefined);
    assert.deepEqual(recogniseContent(Buffer.from('<html></html>'))?.extensions, ['txt'], 'HTML is text: accepted only as .txt');
    assert.equal(recogniseContent(Buffer.from([0xc3, 0x28])), undefined, 'invalid UTF-8');
  });
});
