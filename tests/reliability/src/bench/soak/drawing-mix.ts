/**
 * What the soak benchmark uploads: real-size synthetic sheets of three sizes, and the hostile drawings at
 * full size, each with the outcome it must have.
 */
import {
  bilevelScanPng,
  blankPdf,
  denseVectorPdf,
  hugeImagePdf,
  loopingFormsPdf,
  lyingJpeg,
  textOnlyPdf,
} from '@pid/analysis/dist/testing/hostile-drawings';
import { generateSyntheticDrawing } from '@pid/analysis/dist/synthetic';

export interface MixDrawing {
  /** The row of the timing table it counts in. */
  kind: string;
  filename: string;
  bytes: Buffer;
  /** `refused`: the upload is refused with a 4xx; `ended`: completed or a clear error, never the retry message. */
  expect: 'completed' | 'ended' | 'refused';
}

/** Sheets of each size from `seeds` seeds each (PNG at 200 dpi, as a scan arrives), then the hostile files. */
export async function drawingMix(seeds: number, log: (line: string) => void): Promise<MixDrawing[]> {
  const sheets: MixDrawing[] = [];
  const sizes = [
    { kind: 'A3 sparse', density: 'sparse', paper: 'A3' },
    { kind: 'A3 normal', density: 'normal', paper: 'A3' },
    { kind: 'A1 dense', density: 'dense', paper: 'A1' },
  ] as const;
  for (const { kind, density, paper } of sizes) {
    log(`  ${seeds} × ${kind}`);
    for (let seed = 1; seed <= seeds; seed++) {
      const { raster } = await generateSyntheticDrawing({ seed: 500 + seed, density, paper });
      sheets.push({ kind, filename: `${kind.replace(' ', '-')}-${seed}.png`, bytes: raster, expect: 'completed' });
    }
  }
  log('  hostile drawings (a 1.1-million-segment PDF takes a while)');
  const hostile: MixDrawing[] = [
    { kind: 'hostile', filename: 'dense-1.1M.pdf', bytes: await denseVectorPdf(1_100_000), expect: 'ended' },
    { kind: 'hostile', filename: 'loop.pdf', bytes: await loopingFormsPdf(), expect: 'ended' },
    { kind: 'hostile', filename: 'huge-image.pdf', bytes: await hugeImagePdf(20_000, 20_000), expect: 'ended' },
    { kind: 'hostile', filename: 'notes.pdf', bytes: await textOnlyPdf(), expect: 'ended' },
    { kind: 'hostile', filename: 'scan-600dpi.png', bytes: await bilevelScanPng(600), expect: 'ended' },
    { kind: 'hostile', filename: 'blank.pdf', bytes: await blankPdf(), expect: 'ended' },
    { kind: 'hostile', filename: 'lying.jpg', bytes: await lyingJpeg(30_000, 30_000), expect: 'refused' },
  ];
  return [...sheets, ...hostile];
}
