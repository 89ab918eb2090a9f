/**
 * A small, valid PDF 1.4 writer for the demo CVs (issue 9, item 11): one A4 page of text lines in
 * Helvetica, with a correct cross-reference table, so viewers open the seeded CVs. Text is written
 * in WinAnsi (Latin-1): letters outside it (ł, ı...) lose their accent rather than break the file.
 */

/** Letters without a Latin-1 base form in Unicode decomposition. */
const NO_ACCENT: Record<string, string> = { ł: 'l', Ł: 'L', ı: 'i', đ: 'd', Đ: 'D' };

/** A PDF literal string body: Latin-1 bytes, with \, ( and ) escaped and other letters reduced to their base. */
function pdfText(text: string): string {
  const latin1 = [...text]
    .map((char) => {
      if (char.charCodeAt(0) <= 0xff) return char;
      const base = char.normalize('NFD')[0] ?? '';
      return base.charCodeAt(0) <= 0xff ? base : (NO_ACCENT[char] ?? '?');
    })
    .join('');
  return latin1.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[\r\n]/g, ' ');
}

export interface CvLine {
  text: string;
  /** Font size in points (default 11). */
  size?: number;
}

/** The bytes of a one-page PDF showing `lines` from the top. */
export function cvPdf(lines: readonly CvLine[], title: string): Buffer {
  let y = 790;
  const content = lines
    .map(({ text, size = 11 }) => {
      y -= size + 8;
      return `BT /F1 ${size} Tf 56 ${y} Td (${pdfText(text)}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Recruitment platform demo) >>`,
  ];
  // The header's second line holds bytes above 127 so tools treat the file as binary.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
