import type { PathSegment } from '@pid/contracts';

/** A route drawn by hand has a few dozen segments; analysis traces stay far below this. */
export const MAX_PATH_SEGMENTS = 1000;
/** Orthogonal segments keep one coordinate; this tolerance absorbs floating-point noise only. */
const SAME_COORDINATE_TOLERANCE = 1e-6;

const WHERE = 'metadata.path_data.path';

function isPoint(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}

/**
 * Checks a connection's route: a list of horizontal and vertical segments whose orientation matches
 * their coordinates (horizontal keeps y, vertical keeps x). Answers the segments, copied without
 * unknown keys, or the message that says what is wrong.
 */
export function checkPath(value: unknown): PathSegment[] | string {
  if (!Array.isArray(value)) return `${WHERE} must be a list of segments`;
  if (value.length > MAX_PATH_SEGMENTS) return `${WHERE} may have at most ${MAX_PATH_SEGMENTS} segments`;
  const segments: PathSegment[] = [];
  for (const [index, item] of value.entries()) {
    const where = `${WHERE}[${index}]`;
    const { orientation, start, end } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if ((orientation !== 'horizontal' && orientation !== 'vertical') || !isPoint(start) || !isPoint(end)) {
      return `${where} must have an orientation (horizontal or vertical) and start and end points [x, y] of finite numbers`;
    }
    if (orientation === 'horizontal' && Math.abs(start[1] - end[1]) > SAME_COORDINATE_TOLERANCE) {
      return `${where} is horizontal, so its start and end must have the same y`;
    }
    if (orientation === 'vertical' && Math.abs(start[0] - end[0]) > SAME_COORDINATE_TOLERANCE) {
      return `${where} is vertical, so its start and end must have the same x`;
    }
    segments.push({ orientation, start: [start[0], start[1]], end: [end[0], end[1]] });
  }
  return segments;
}
