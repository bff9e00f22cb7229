import type { Drawing } from '@pid/contracts';
import { ApiError, apiRequest, authHeaders, failWith } from '../../../lib/api-client';

/** Files above this size go through XMLHttpRequest so the page can show upload progress. */
const PROGRESS_UPLOAD_THRESHOLD = 1_048_576;

export interface UploadInput {
  file: File;
  name: string;
  onProgress?: (percent: number) => void;
}

/** POST /api/drawings, multipart with `drawing` (the file) and `name`. */
export function uploadDrawing({ file, name, onProgress }: UploadInput): Promise<Drawing> {
  const form = new FormData();
  form.append('drawing', file);
  form.append('name', name);
  if (file.size < PROGRESS_UPLOAD_THRESHOLD || !onProgress) {
    return apiRequest<Drawing>('/api/drawings', { method: 'POST', body: form });
  }
  return new Promise<Drawing>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/drawings');
    authHeaders().forEach((value, key) => request.setRequestHeader(key, value));
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new Error('Network error'));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as Drawing);
        return;
      }
      try {
        failWith(new Response(null, { status: request.status }), payload);
      } catch (error) {
        reject(error instanceof ApiError ? error : new Error(String(error)));
      }
    };
    request.send(form);
  });
}
