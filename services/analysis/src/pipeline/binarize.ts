/** How many pixels have each grey level. */
function histogramOf(gray: Uint8Array): Uint32Array {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < gray.length; i++) histogram[gray[i]]++;
  return histogram;
}

/** Otsu's threshold of a grey histogram of `total` pixels: the level that best separates ink from paper. */
function otsuThreshold(histogram: Uint32Array, total: number): number {
  let sumAll = 0;
  for (let level = 0; level < 256; level++) sumAll += level * histogram[level];
  let weightBackground = 0;
  let sumBackground = 0;
  let best = -1;
  let threshold = 127;
  for (let level = 0; level < 256; level++) {
    weightBackground += histogram[level];
    if (weightBackground === 0) continue;
    const weightForeground = total - weightBackground;
    if (weightForeground === 0) break;
    sumBackground += level * histogram[level];
    const meanBackground = sumBackground / weightBackground;
    const meanForeground = (sumAll - sumBackground) / weightForeground;
    const between = weightBackground * weightForeground * (meanBackground - meanForeground) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

/**
 * Ink mask (1 = ink) by Otsu's threshold, raised by `lift` grey levels to take fainter print too. A page without
 * contrast (blank, or one flat tone) has no ink; the threshold is kept below light grey so that paper texture is
 * not taken for ink.
 */
export function binarize(gray: Uint8Array, lift = 0): Uint8Array {
  const mask = new Uint8Array(gray.length);
  const histogram = histogramOf(gray);
  const min = histogram.findIndex((count) => count > 0);
  const max = histogram.findLastIndex((count) => count > 0);
  if (max - min < 40) return mask;
  const threshold = Math.min(otsuThreshold(histogram, gray.length) + lift, 200);
  for (let i = 0; i < gray.length; i++) if (gray[i] <= threshold) mask[i] = 1;
  return mask;
}
