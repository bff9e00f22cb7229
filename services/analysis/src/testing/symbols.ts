import type { DetectedSymbol } from '../pipeline/symbols';

/** A symbol of the given box and type, described by its type. */
export const boxedSymbol = (
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  elementType: DetectedSymbol['elementType'],
  confidence = 0.8,
): DetectedSymbol => ({ x0, y0, x1, y1, elementType, description: elementType, confidence });
