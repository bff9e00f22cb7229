import type { ElementType } from '@pid/contracts';
import type { PixelBox } from './ground-truth';
import type { PredictedConnection, PredictedElement } from './predictions';

/** A predicted element for the scoring tests; a symbol class only when one is given. */
export function predicted(
  id: string,
  bbox: PixelBox,
  more: Partial<PredictedElement> & { elementType?: ElementType } = {},
): PredictedElement {
  return { id, elementType: 'valve', className: '', hasSymbolClass: false, name: '', bbox, confidence: 0.8, ...more };
}

export function predictedConnection(sourceId: string, targetId: string, more: Partial<PredictedConnection> = {}): PredictedConnection {
  return { sourceId, targetId, path: [], confidence: 0.8, ...more };
}
