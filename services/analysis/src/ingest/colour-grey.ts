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
    const [r, g, b] = [data[j], data[j + 1], data[j + 2]];
    const darkest = Math.min(r, g, b);
    const lum = luminance(data, j);
    const weight = Math.min(1, Math.max(0, (Math.max(r, g, b) - darkest - 24) / 48));
    grey[i] = Math.round(lum + (darkest - lum) * weight);
    if (lum - grey[i] >= 16) coloured[i] = 1;
    anyColoured ||= coloured[i] === 1;
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

/** The parts of `mask` a square of side 2·radius+1 fits in: erosion, then dilation, each by rows then columns. */
export function opening(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const eroded = pass(pass(mask, width, height, radius, 'erode', true), width, height, radius, 'erode', false);
  return pass(pass(eroded, width, height, radius, 'dilate', true), width, height, radius, 'dilate', false);
}

type Step = 'erode' | 'dilate';

/** Each run of set pixels along a line of `count` pixels (`get`, `set`) shrunk or grown by `radius`. */
function runs(get: (k: number) => number, set: (k: number) => void, count: number, radius: number, step: Step): void {
  for (let k = 0; k < count;) {
    if (!get(k)) {
      k++;
      continue;
    }
    let end = k;
    while (end + 1 < count && get(end + 1)) end++;
    const [from, to] = step === 'erode' ? [k + radius, end - radius] : [Math.max(0, k - radius), Math.min(count - 1, end + radius)];
    for (let m = from; m <= to; m++) set(m);
    k = end + 1;
  }
}

/** `runs` along every row (`byRows`) or every column of the mask. */
function pass(mask: Uint8Array, width: number, height: number, radius: number, step: Step, byRows: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  const [lines, length] = byRows ? [height, width] : [width, height];
  for (let line = 0; line < lines; line++) {
    const at = (k: number) => (byRows ? line * width + k : k * width + line);
    runs(
      (k) => mask[at(k)],
      (k) => (out[at(k)] = 1),
      length,
      radius,
      step,
    );
  }
  return out;
}
