/**
 * A generated A1 sheet and its analysis result, for the review tests: the analysis package's synthetic
 * sheet (its 200 dpi raster) uploaded through the API and processed by the stack's analysis, as a user's
 * upload would be.
 */
import path from 'node:path';
import { apiWithToken } from './api';

const root = path.resolve(__dirname, '../..');

export interface AnalysedSheet {
  drawingId: string;
  name: string;
  size: { width: number; height: number };
}

/** Generates sheet `seed` on A1, uploads it for the account of `token`, and waits for its analysis. */
export async function analysedA1Sheet(token: string, seed: number, timeoutMs = 240_000): Promise<AnalysedSheet> {
  const synthetic = (await import(path.join(root, 'services/analysis/dist/synthetic/index.js'))) as {
    generateSyntheticDrawing: (options: {
      seed: number;
      paper: 'A1';
      density: 'normal';
    }) => Promise<{ truth: { imageSize: { width: number; height: number } }; raster: Buffer }>;
  };
  const { truth, raster } = await synthetic.generateSyntheticDrawing({ seed, paper: 'A1', density: 'normal' });
  const name = `A1 sheet ${seed}`;
  const form = new FormData();
  form.append('drawing', new Blob([new Uint8Array(raster)], { type: 'image/png' }), `a1-sheet-${seed}.png`);
  form.append('name', name);
  const drawing = await apiWithToken<{ _id: string }>(token, '/api/drawings', { method: 'POST', body: form });
  if (drawing.status >= 300) throw new Error(`Upload failed: ${drawing.status} ${drawing.text}`);
  const drawingId = drawing.body._id;
  const started = await apiWithToken(token, `/api/drawings/${drawingId}/process`, { method: 'POST' });
  if (started.status >= 300) throw new Error(`Processing did not start: ${started.status} ${started.text}`);
  // A plain loop: a timeout names the status the sheet was left in.
  const deadline = Date.now() + timeoutMs;
  let status = { drawingStatus: 'processing', message: '' };
  while (!/completed|ready|error|failed/.test(status.drawingStatus)) {
    if (Date.now() > deadline) throw new Error(`The A1 sheet was still ${status.drawingStatus} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    status = (await apiWithToken<typeof status>(token, `/api/drawings/${drawingId}/status`)).body;
  }
  if (!/completed|ready/.test(status.drawingStatus))
    throw new Error(`Analysis of the A1 sheet ended ${status.drawingStatus}: ${status.message}`);
  return { drawingId, name, size: truth.imageSize };
}
