import { UPLOAD } from './constants';

/**
 * Accepted file extensions per set (spec §5). Lower case, without the dot. CV is the union of
 * images and text documents; ALL the union of every set.
 */
const TEXT = ['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt'] as const;
const IMAGE = ['jpg', 'jpeg', 'png', 'gif', 'bmp'] as const;
const VIDEO = ['mp4', 'mov', 'webm', 'avi', 'mkv'] as const;
const PRESENTATION = ['ppt', 'pptx', 'odp', 'key'] as const;
const WEB_PAGE = ['html', 'htm'] as const;
const PDF = ['pdf'] as const;

export const FILE_EXTENSIONS = {
  TEXT,
  IMAGE,
  VIDEO,
  PRESENTATION,
  CV: [...IMAGE, ...TEXT],
  WEB_PAGE,
  PDF,
  ALL: [...new Set([...TEXT, ...IMAGE, ...VIDEO, ...PRESENTATION, ...WEB_PAGE])],
} as const satisfies Record<string, readonly string[]>;
export type FileExtensionSet = keyof typeof FILE_EXTENSIONS;

const MB = 1024 * 1024;

/** The extension of a file name, lower case and without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export interface FileProblem {
  /** `offerPage.invalidFileExtension` or `offerPage.maxFileSize`. */
  key: 'offerPage.invalidFileExtension' | 'offerPage.maxFileSize';
  params: { size?: number; extensions?: string };
}

/**
 * Checks a chosen file before upload (spec §5): its extension must belong to the set, its size
 * be above 0 and under the limit. Null when it may be uploaded. The server checks the content.
 */
export function checkUploadFile(
  file: { name: string; size: number },
  set: FileExtensionSet = 'CV',
  maxMb: number = UPLOAD.defaultMaxMb,
): FileProblem | null {
  const accepted: readonly string[] = FILE_EXTENSIONS[set];
  if (!accepted.includes(fileExtension(file.name))) {
    return { key: 'offerPage.invalidFileExtension', params: { extensions: accepted.map((ext) => `.${ext}`).join(', ') } };
  }
  if (!(file.size > 0) || file.size >= maxMb * MB) return { key: 'offerPage.maxFileSize', params: { size: maxMb } };
  return null;
}

/** The `accept` attribute of a file input for a set. */
export function acceptAttribute(set: FileExtensionSet): string {
  return FILE_EXTENSIONS[set].map((ext) => `.${ext}`).join(',');
}

export const MAX_UPLOAD_BYTES = UPLOAD.defaultMaxMb * MB;
