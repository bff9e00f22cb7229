import type { InkClasses } from './line-ink-model';

/** The ink pixels of `mask` (row-major, 1 = ink) whose cell the model put in one of the `kept` classes. */
export function inkOfClasses(mask: Uint8Array, width: number, height: number, classes: InkClasses, kept: number[]): Uint8Array {
  const keep = new Uint8Array(256);
  for (const k of kept) keep[k] = 1;
  const out = new Uint8Array(mask.length);
  const columnCell = new Int32Array(width);
  for (let x = 0; x < width; x++) columnCell[x] = Math.min(classes.cols - 1, Math.floor(x / classes.cellSize));
  for (let y = 0; y < height; y++) {
    const rowStart = Math.min(classes.rows - 1, Math.floor(y / classes.cellSize)) * classes.cols;
    const at = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[at + x] && keep[classes.cells[rowStart + columnCell[x]]]) out[at + x] = 1;
    }
  }
  return out;
}
