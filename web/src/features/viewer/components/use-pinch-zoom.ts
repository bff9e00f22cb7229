import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Point } from '../geometry/mapping';
import { pinchZoom } from '../geometry/zoom';

interface Pinch {
  startDistance: number;
  startZoom: number;
  lastCentre: Point;
}

export interface PinchZoomOptions {
  /** The zoom now (read when a pinch starts). */
  getZoom: () => number;
  /** Sets the zoom, keeping the content under `centre` (client coordinates) in place. */
  zoomAbout: (zoom: number, centre: Point) => void;
  /** Scrolls the canvas by a client-pixel delta. */
  panBy: (delta: Point) => void;
  /** Called when a pinch starts, so a drag begun by its first finger is dropped. */
  onPinchStart: () => void;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const centre = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Pinch zoom as its own gesture: two touch (or pen) pointers zoom about their centre, clamped to 0.5–5,
 * and moving both pans. The handlers go on the canvas container in the capture phase; while
 * `isPinching()` is true (from the second finger down until every finger is up) the canvas ignores
 * those pointers for clicks, drags and placements.
 */
export function usePinchZoom(options: PinchZoomOptions) {
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<Pinch | null>(null);
  const pinching = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const onPointerDownCapture = (event: ReactPointerEvent) => {
    // A new pointer sequence: the previous pinch, if any, is over.
    if (pointers.current.size === 0) pinching.current = false;
    if (event.pointerType === 'mouse') return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [first, second] = [...pointers.current.values()];
    if (pointers.current.size === 2 && first && second) {
      pinching.current = true;
      pinch.current = { startDistance: distance(first, second), startZoom: latest.current.getZoom(), lastCentre: centre(first, second) };
      latest.current.onPinchStart();
    }
  };

  const onPointerMoveCapture = (event: ReactPointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const active = pinch.current;
    const [first, second] = [...pointers.current.values()];
    if (!active || !first || !second) return;
    const now = centre(first, second);
    latest.current.panBy({ x: active.lastCentre.x - now.x, y: active.lastCentre.y - now.y });
    active.lastCentre = now;
    latest.current.zoomAbout(pinchZoom(active.startZoom, active.startDistance, distance(first, second)), now);
  };

  const onPointerEndCapture = (event: ReactPointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return;
    // `pinching` stays set until the next touch starts: the last finger's pointerup still reaches the
    // canvas after this handler and must not count as a click.
    if (pointers.current.size < 2) pinch.current = null;
  };

  return {
    handlers: {
      onPointerDownCapture,
      onPointerMoveCapture,
      onPointerUpCapture: onPointerEndCapture,
      onPointerCancelCapture: onPointerEndCapture,
    },
    isPinching: () => pinching.current,
  };
}
