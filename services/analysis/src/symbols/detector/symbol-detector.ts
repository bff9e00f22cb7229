/**
 * The runtime symbol detector: the committed weights on onnxruntime (about four times faster here than TF.js's
 * WebAssembly backend on the same network; `npm run bench:detector`), answering symbols in page pixels.
 */
import type { ElementType } from '@pid/contracts';
import { DEFAULT_DETECTOR_DIR, readDetectorManifest, type DetectorManifest } from './detector-files';
import { onnxDetectorNet } from './onnx-detector-net';
import { detectSymbols, READ_ONCE, type GrayPage, type PageDetection, type PageReading, type ReadingPlan } from './page-detector';
import { pageScaleFor, textHeight } from './page-scale';

export interface FoundSymbol {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  className: string;
  elementType: ElementType;
  /** The detector's peak score, calibrated on the held-out corpus. */
  confidence: number;
}

export interface SymbolDetector {
  manifest: DetectorManifest;
  detect(page: GrayPage, onTile?: () => void): Promise<PageReading<FoundSymbol>>;
  dispose(): void;
}

/** A symbol of no class of ours is equipment when it is far larger than the page's usual symbol, else a fitting. */
const EQUIPMENT_SIZE = 2.5;

/** The share of held-out detections at this score that were right, interpolated between score bands. */
export function calibrated(score: number, manifest: DetectorManifest): number {
  const bands = (manifest.training as { heldOut?: { calibration?: Array<{ score: number; confidence: number }> } }).heldOut?.calibration;
  if (!bands?.length) return score;
  if (score <= bands[0].score) return bands[0].confidence;
  for (let i = 1; i < bands.length; i++) {
    if (score <= bands[i].score) {
      const t = (score - bands[i - 1].score) / (bands[i].score - bands[i - 1].score);
      return bands[i - 1].confidence + t * (bands[i].confidence - bands[i - 1].confidence);
    }
  }
  return bands[bands.length - 1].confidence;
}

export function typed(detections: PageDetection[], manifest: DetectorManifest): FoundSymbol[] {
  const side = (d: PageDetection) => Math.max(d.x1 - d.x0, d.y1 - d.y0);
  const sides = detections.map(side).sort((a, b) => a - b);
  const median = sides.length ? sides[Math.floor(sides.length / 2)] : 0;
  return detections.map((d) => ({
    x0: d.x0,
    y0: d.y0,
    x1: d.x1,
    y1: d.y1,
    className: d.className,
    elementType: manifest.elementTypes[d.classIndex] ?? (side(d) >= EQUIPMENT_SIZE * median ? 'equipment' : 'fitting'),
    confidence: calibrated(d.score, manifest),
  }));
}

/**
 * `plan`: how many ways the page is read (as drawn; mirrored; turned both ways) and at which scales, fused
 * (`turned-passes.ts`); the reading also gives the page as drawn alone.
 */
export async function loadSymbolDetector(dir = DEFAULT_DETECTOR_DIR, threads = 1, plan: ReadingPlan = READ_ONCE): Promise<SymbolDetector> {
  // onnxruntime reads the network itself: only the manifest is needed here.
  const manifest = await readDetectorManifest(dir);
  const net = await onnxDetectorNet(dir, threads);
  return {
    manifest,
    async detect(page, onTile) {
      const scale = pageScaleFor(textHeight(page), manifest.textHeight, manifest.pageScale);
      const { fused, asDrawn, unsure } = await detectSymbols(net, manifest, page, { scale, plan, onTile });
      // Typed together: a symbol of no class is equipment by its size among all the page's.
      const both = typed([...fused, ...unsure], manifest);
      return { fused: both.slice(0, fused.length), asDrawn: typed(asDrawn, manifest), unsure: both.slice(fused.length) };
    },
    dispose: () => net.dispose(),
  };
}
