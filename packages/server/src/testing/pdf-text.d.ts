/**
 * Opens a PDF with Mozilla's PDF.js (the reader of Firefox) and answers its pages' text lines:
 * a file it cannot open throws. Tests use it as `pdftotext` would be used.
 */
export declare function pdfText(bytes: Uint8Array): Promise<string[][]>;
