import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { viewerKeys } from './query-keys';

const UNSUPPORTED_FILE_TYPE = 'Unsupported file type (only images are supported)';

export class UnsupportedFileTypeError extends Error {
  constructor() {
    super(UNSUPPORTED_FILE_TYPE);
  }
}

/**
 * GET /api/drawings/:id/file with the bearer header, `?page=N` for a page of a multi-page drawing
 * (none: the file's only or first page); only image/* answers can be shown (spec §2).
 */
export async function getDrawingImage(id: string, page?: number): Promise<Blob> {
  const blob = await apiBlob(`/api/drawings/${encodeURIComponent(id)}/file${page ? `?page=${page}` : ''}`);
  if (!blob.type.startsWith('image/')) throw new UnsupportedFileTypeError();
  return blob;
}

export function drawingImageQueryOptions(id: string, page?: number) {
  return queryOptions({ queryKey: viewerKeys.image(id, page), queryFn: () => getDrawingImage(id, page), staleTime: Infinity });
}

export function useDrawingImage(id: string, page?: number) {
  return useQuery(drawingImageQueryOptions(id, page));
}
