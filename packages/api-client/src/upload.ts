import type { UploadReference } from '@rec/core/application-schema';
import { ApiError, errorKeyOf } from './api-error';

// Its own module (and package path): the apply form imports it only when a file is chosen, so
// the form opens without the upload code (issue 9: the CV is optional by default).

export interface UploadOptions {
  /** The company and the offer channel the file is for (spec §7: scopeName=COMPANY&companyId=…). */
  companyId: string;
  channelId: string;
  /** 0 to 100, as the bytes leave. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Tests replace the XMLHttpRequest constructor. */
  xhr?: () => XMLHttpRequest;
}

/**
 * Uploads one file (multipart field `file`) to the storage URL. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Failures reject with an ApiError carrying the server's key
 * (`errors.unsupportedMediaType`, `errors.payloadTooLarge`…).
 */
export function uploadFile(baseURL: string, file: Blob & { name: string }, options: UploadOptions): Promise<UploadReference> {
  return new Promise((resolve, reject) => {
    const request = options.xhr ? options.xhr() : new XMLHttpRequest();
    const query = new URLSearchParams({ scopeName: 'COMPANY', companyId: options.companyId, channelId: options.channelId });
    request.open('POST', `${baseURL.replace(/\/+$/, '')}/v2/storage?${query}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300 && body && typeof body === 'object' && 'url' in body) {
        options.onProgress?.(100);
        resolve(body as UploadReference);
      } else reject(new ApiError(request.status, errorKeyOf(body)));
    });
    request.addEventListener('error', () => reject(new ApiError(0)));
    request.addEventListener('abort', () => reject(new ApiError(0)));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
