import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { cleanReading } from '../tags/ocr-noise';
import type { Box } from './components';

export interface TextReading {
  text: string;
  /** 0..1 */
  confidence: number;
  /** From a PDF's text layer: the text as written, not an OCR guess to clean of noise. */
  exact?: boolean;
}

/** OCR of small image regions. */
export interface TextReader {
  /** `line`: one line of any text; `tag`: a bubble's stacked tag, letters, digits and separators only. */
  read(region: GrayRegion, mode: 'line' | 'tag'): Promise<TextReading>;
  close(): Promise<void>;
}

export interface GrayRegion {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** Copies a box (clamped to the image) out of a grayscale page. */
export function cropGray(gray: Uint8Array, width: number, height: number, box: Box): GrayRegion {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(width - 1, Math.ceil(box.x1));
  const y1 = Math.min(height - 1, Math.ceil(box.y1));
  const w = Math.max(1, x1 - x0 + 1);
  const h = Math.max(1, y1 - y0 + 1);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) out.set(gray.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + w), y * w);
  return { gray: out, width: w, height: h };
}

/** The region turned a quarter: clockwise reads text written bottom-to-top. */
export function turnRegion(region: GrayRegion, direction: 'clockwise' | 'counterclockwise'): GrayRegion {
  const { width, height, gray } = region;
  const out = new Uint8Array(gray.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [nx, ny] = direction === 'clockwise' ? [height - 1 - y, x] : [y, width - 1 - x];
      out[ny * height + nx] = gray[y * width + x];
    }
  }
  return { gray: out, width: height, height: width };
}

/** A reading at least this confident is not tried again. */
const SURE_READING = 0.6;

const TAG_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-/';

/** A region as a PNG at a size Tesseract reads well (`height` px high: text about 40 px), with a white margin. */
async function regionPng(region: GrayRegion, height: number): Promise<Buffer> {
  const scale = Math.min(4, Math.max(1, height / region.height));
  return sharp(Buffer.from(region.gray), { raw: { width: region.width, height: region.height, channels: 1 } })
    .resize(Math.round(region.width * scale), Math.round(region.height * scale), { kernel: 'cubic' })
    .extend({ top: 10, bottom: 10, left: 10, right: 10, background: '#ffffff' })
    .png()
    .toBuffer();
}

/**
 * Tesseract (tesseract.js, WebAssembly) with the English data of the `@tesseract.js-data/eng` package:
 * nothing is fetched at run time. `workers` workers, each in a thread of its own (one per core by default, at
 * most 4); a read goes to the one with the fewest queued, so reads asked for together run side by side.
 */
export async function createTesseractReader(workers = Math.min(4, availableParallelism())): Promise<TextReader> {
  const { createWorker, OEM } = await import('tesseract.js');
  const data = await import('@tesseract.js-data/eng');
  const { langPath } = (data.default ?? data) as { langPath: string };
  const pool = await Promise.all(
    Array.from({ length: Math.max(1, workers) }, async () => {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
      // Crops carry no resolution; without one Tesseract warns on every read.
      await worker.setParameters({ user_defined_dpi: '300' });
      return { worker, queue: Promise.resolve() as Promise<unknown>, queued: 0, mode: undefined as string | undefined };
    }),
  );
  return {
    read(region, wanted) {
      const slot = pool.reduce((best, other) => (other.queued < best.queued ? other : best));
      const { worker } = slot;
      slot.queued++;
      const next = slot.queue.then(async () => {
        if (slot.mode !== wanted) {
          await worker.setParameters({
            tessedit_pageseg_mode: (wanted === 'line' ? '7' : '6') as never,
            tessedit_char_whitelist: wanted === 'tag' ? TAG_CHARACTERS : '',
          });
          slot.mode = wanted;
        }
        const recognize = async (height: number): Promise<TextReading> => {
          const { data } = await worker.recognize(await regionPng(region, height));
          return { text: cleanReading(data.text.replace(/\s+/g, ' ')), confidence: data.confidence / 100 };
        };
        // Tesseract's confidence swings with the scale of small text: an unsure read is tried once more, smaller.
        const first = await recognize(48);
        // A region 48 px high or more is read at its own size either way: once is enough.
        if (first.confidence >= SURE_READING || region.height >= 48) return first;
        const second = await recognize(32);
        return second.confidence > first.confidence ? second : first;
      });
      slot.queue = next.catch(() => undefined).finally(() => slot.queued--);
      return next;
    },
    close: () => Promise.all(pool.map(({ worker }) => worker.terminate())).then(() => undefined),
  };
}
