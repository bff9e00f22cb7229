/**
 * A colour page as grey. A coloured pixel is read by its darkest channel, not its luminance: CAD exports draw in
 * colour, and a yellow or light green line, near paper in luminance, is ink in every channel but one. A grey pixel
 * keeps its luminance, so a monochrome scan reads as it did; between the two by how far apart the channels are (24
 * to 72 levels), so JPEG colour noise and tinted paper make no step. Coloured areas thicker than a line (a
 * highlighter's band over a marked-up scan, a tinted zone) keep their luminance: they are no ink of their own, and
 * taken as ink they would bury the lines drawn through them.
 */
export function colourToGrey(data: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const size = width * height;
  const grey = new Uint8Array(size);
  const coloured = new Uint8Array(size);
  let anyColoured = false;
  for (let i = 0, j = 0; i < size; i++, j += channels) {
    const r = data[j];
    const g = data[j + 1];
    const b = data[j + 2];
    const darkest = r < g ? (r < b ? r : b) : g < b ? g : b;
    const lightest = r > g ? (r > b ? r : b) : g > b ? g : b;
    const lum = luminance(data, j);
    // Grey (paper, black ink, most of a page): its luminance.
    if (lightest - darkest <= 24) {
      grey[i] = lum;
      continue;
    }
    const weight = Math.min(1, Math.max(0, (lightest - darkest - 24) / 48));
    const value = Math.round(lum + (darkest - lum) * weight);
    grey[i] = value;
    if (lum - value >= 16) {
      coloured[i] = 1;
      anyColoured = true;
    }
  }
  // A grey page (a scan stored as RGB) has no coloured areas to look for.
  if (!anyColoured) return grey;
  // Thicker than a line: what a square of this radius still fits in.
  const radius = Math.max(3, Math.round(0.0008 * Math.max(width, height)));
  const areas = opening(coloured, width, height, radius);
  for (let i = 0; i < size; i++) if (areas[i]) grey[i] = luminance(data, i * channels);
  return grey;
}

/** Rec. 709 luminance of the RGB pixel at `j`, in integers. */
const luminance = (data: Uint8Array, j: number) => (54 * data[j] + 183 * data[j + 1] + 19 * data[j + 2]) >> 8;

/** The parts of a 0/1 `mask` a square of side 2·radius+1 fits in: erosion, then dilation, each by rows then columns. */
export function opening(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rowsEroded = inSetRows(mask, width, height, 0, (rows) => rowPass(rows, width, radius, 'erode'));
  const eroded = inSetRows(rowsEroded, width, height, 0, (rows, count) => columnPass(rows, width, count, radius, 'erode'));
  const rowsGrown = inSetRows(eroded, width, height, 0, (rows) => rowPass(rows, width, radius, 'dilate'));
  return inSetRows(rowsGrown, width, height, radius, (rows, count) => columnPass(rows, width, count, radius, 'dilate'));
}

type Step = 'erode' | 'dilate';

/**
 * `pass` applied to the band of rows from the first to the last holding a set pixel, `margin` more either side:
 * the rest of the page is paper (most pages have no coloured area at all, and then nothing is done).
 */
function inSetRows(
  mask: Uint8Array,
  width: number,
  height: number,
  margin: number,
  pass: (rows: Uint8Array, count: number) => Uint8Array,
): Uint8Array {
  const out = new Uint8Array(mask.length);
  const first = mask.indexOf(1);
  if (first < 0) return out;
  const from = Math.max(0, Math.floor(first / width) - margin);
  const to = Math.min(height - 1, Math.floor(mask.lastIndexOf(1) / width) + margin);
  out.set(pass(mask.subarray(from * width, (to + 1) * width), to - from + 1), from * width);
  return out;
}

/** Each run of set pixels along every row shrunk or grown by `radius` (the page's edge is paper). */
function rowPass(mask: Uint8Array, width: number, radius: number, step: Step): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let row = 0; row < mask.length; row += width) {
    for (let k = 0; k < width;) {
      if (!mask[row + k]) {
        k++;
        continue;
      }
      let end = k;
      while (end + 1 < width && mask[row + end + 1]) end++;
      const [from, to] = step === 'erode' ? [k + radius, end - radius] : [Math.max(0, k - radius), Math.min(width - 1, end + radius)];
      if (from <= to) out.fill(1, row + from, row + to + 1);
      k = end + 1;
    }
  }
  return out;
}

/**
 * `rowPass` down every column, row by row (a column at a time would read the page across its memory). Eroded, a
 * pixel keeps `radius` set pixels above it and below it; grown, it has a set pixel within `radius` above or below.
 * `run` counts down the page, per column, the set pixels in a row (eroding) or the rows since the last set pixel
 * (growing), capped past `radius`; the same count up the page decides.
 */
function columnPass(mask: Uint8Array, width: number, height: number, radius: number, step: Step): Uint8Array {
  const erode = step === 'erode';
  const cap = radius + 1;
  const counts = (length: number) =>
    cap <= 0xff ? new Uint8Array(length) : cap <= 0xffff ? new Uint16Array(length) : new Uint32Array(length);
  const down = counts(mask.length);
  const run = counts(width).fill(erode ? 0 : cap);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      run[x] = (mask[i] === 1) === erode ? Math.min(cap, run[x] + 1) : 0;
      down[i] = run[x];
    }
  }
  const out = new Uint8Array(mask.length);
  run.fill(erode ? 0 : cap);
  for (let y = height - 1, i = mask.length - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--, i--) {
      run[x] = (mask[i] === 1) === erode ? Math.min(cap, run[x] + 1) : 0;
      if (erode ? down[i] > radius && run[x] > radius : down[i] <= radius || run[x] <= radius) out[i] = 1;
    }
  }
  return out;
}
