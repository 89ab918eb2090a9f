import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Opens a PDF with Mozilla's PDF.js (the reader of Firefox) and answers its pages' text lines: a
 * file it cannot open throws. The e2e twin of packages/server/src/testing/pdf-text.ts (the host
 * project cannot import the server's test helpers).
 */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])));
  }
  await document.destroy();
  return pages;
}
