import { apiBlob } from './api-client';

/** The drawing export of spec §3, shared by the dashboard's cards and the viewer's toolbar. */
export type ExportFormat = 'csv' | 'xlsx' | 'json';

/** GET /api/drawings/:id/export as a blob, saved as drawing_data_{id}.{ext}. */
export async function exportDrawing({ id, format }: { id: string; format: ExportFormat }): Promise<void> {
  const query = format === 'csv' ? '' : `?format=${format}`;
  const blob = await apiBlob(`/api/drawings/${encodeURIComponent(id)}/export${query}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `drawing_data_${id}.${format}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
