/** Paper is the page's commonest shade: a page whose median is darker than this is a negative (a blueprint). */
const DARK_PAPER = 100;

/**
 * A blueprint or a negative scan, light lines on dark paper, turned into dark ink on light paper in place, as every
 * later stage reads a page. Answers whether the page was turned.
 */
export function invertNegative(gray: Uint8Array): boolean {
  const histogram = new Uint32Array(256);
  // A sample is enough for a median: every 7th pixel (odd, so columns are not skipped in step with a width).
  let count = 0;
  for (let i = 0; i < gray.length; i += 7, count++) histogram[gray[i]]++;
  let seen = 0;
  let median = 0;
  while (median < 255 && seen + histogram[median] <= count / 2) seen += histogram[median++];
  if (median >= DARK_PAPER) return false;
  for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i];
  return true;
}
