import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { viewerKeys } from './query-keys';

export const UNSUPPORTED_FILE_TYPE = 'Unsupported file type (only images are supported)';

export class UnsupportedFileTypeError extends Error {
  constructor() {
    super(UNSUPPORTED_FILE_TYPE);
  }
}

/** GET /api/drawings/:id/file with the bearer header; only image/* answers can be shown (spec §2). */
export async function getDrawingImage(id: string): Promise<Blob> {
  const blob = await apiBlob(`/api/drawings/${encodeURIComponent(id)}/file`);
  if (!blob.type.startsWith('image/')) throw new UnsupportedFileTypeError();
  return blob;
}

export function drawingImageQueryOptions(id: string) {
  return queryOptions({ queryKey: viewerKeys.image(id), queryFn: () => getDrawingImage(id), staleTime: Infinity });
}

export function useDrawingImage(id: string) {
  return useQuery(drawingImageQueryOptions(id));
}
