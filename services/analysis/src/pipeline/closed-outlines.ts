import { boxHeight, boxWidth, type Box, type InkImage } from './components';

/**
 * The box of the closed outline around a candidate's middle: the paper inside it, found by filling from the paper
 * nearest the middle, grown by `stroke` to take in the outline. Undefined where the fill escapes the candidate's box
 * grown by half its size each way (an open shape), or fills less than `minShare` of the candidate's box (a valve's
 * triangle, a letter's bowl).
 */
export function closedOutline(candidate: Box, { mask, width, height }: InkImage, stroke: number, minShare: number): Box | undefined {
  const [w, h] = [boxWidth(candidate), boxHeight(candidate)];
  const limit = {
    x0: Math.max(0, Math.floor(candidate.x0 - w / 2)),
    y0: Math.max(0, Math.floor(candidate.y0 - h / 2)),
    x1: Math.min(width - 1, Math.ceil(candidate.x1 + w / 2)),
    y1: Math.min(height - 1, Math.ceil(candidate.y1 + h / 2)),
  };
  const start = paperNear(
    Math.round((candidate.x0 + candidate.x1) / 2),
    Math.round((candidate.y0 + candidate.y1) / 2),
    mask,
    width,
    stroke,
  );
  if (start === undefined) return undefined;
  // Filled within the limit's own grid: a page-sized array per candidate would cost more than the fill.
  const [lw, lh] = [boxWidth(limit), boxHeight(limit)];
  const local = (at: number) => (Math.floor(at / width) - limit.y0) * lw + (at % width) - limit.x0;
  const seen = new Uint8Array(lw * lh);
  const queue = new Int32Array(lw * lh);
  let tail = 0;
  const visit = (at: number) => {
    if (mask[at] || seen[local(at)]) return;
    seen[local(at)] = 1;
    queue[tail++] = at;
  };
  visit(start);
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let head = 0; head < tail; head++) {
    const at = queue[head];
    const [x, y] = [at % width, Math.floor(at / width)];
    if (x <= limit.x0 || x >= limit.x1 || y <= limit.y0 || y >= limit.y1) return undefined;
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
    visit(at - 1);
    visit(at + 1);
    visit(at - width);
    visit(at + width);
  }
  if (tail < minShare * w * h) return undefined;
  return {
    x0: Math.max(0, box.x0 - stroke),
    y0: Math.max(0, box.y0 - stroke),
    x1: Math.min(width - 1, box.x1 + stroke),
    y1: Math.min(height - 1, box.y1 + stroke),
  };
}

/** The paper pixel nearest (x, y) within `radius`, as an index; undefined where all is ink. */
function paperNear(x: number, y: number, mask: Uint8Array, width: number, radius: number): number | undefined {
  for (let r = 0; r <= radius; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const at = (y + dy) * width + x + dx;
        if (at >= 0 && at < mask.length && !mask[at]) return at;
      }
    }
  }
  return undefined;
}
