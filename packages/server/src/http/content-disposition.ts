/**
 * `Content-Disposition: attachment` for a download name: a plain `filename` for every client
 * (non-ASCII replaced, quotes and control characters removed) plus RFC 5987/6266 `filename*`
 * carrying the exact UTF-8 name when the plain one had to change.
 */
export function attachmentDisposition(fileName: string): string {
  // Control characters would break the header (CR/LF) or the name.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = fileName.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const plain = `attachment; filename="${ascii}"`;
  if (ascii === clean) return plain;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${plain}; filename*=UTF-8''${encoded}`;
}
