/** Zoom rules of spec §9: 0.5 to 5, buttons step 0.1, double-click step 0.2, reset to 1. */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 5;
export const BUTTON_ZOOM_STEP = 0.1;
const DOUBLE_CLICK_ZOOM_STEP = 0.2;

export function clampZoom(zoom: number): number {
  const rounded = Math.round(zoom * 100) / 100;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, rounded));
}

export function zoomBy(zoom: number, step: number): number {
  return clampZoom(zoom + step);
}

/** Double-click zooms in by 0.2; with shift it zooms out. */
export function doubleClickZoom(zoom: number, shiftKey: boolean): number {
  return zoomBy(zoom, shiftKey ? -DOUBLE_CLICK_ZOOM_STEP : DOUBLE_CLICK_ZOOM_STEP);
}

/** Ctrl/Cmd + wheel: wheel up (negative deltaY) zooms in by a button step. */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return zoomBy(zoom, deltaY < 0 ? BUTTON_ZOOM_STEP : -BUTTON_ZOOM_STEP);
}

export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/** Two-finger pinch: the zoom at the start scaled by how far the fingers spread, clamped to 0.5–5. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startZoom;
  return clampZoom((startZoom * distance) / startDistance);
}

/**
 * The scroll offset (one axis) that keeps the content under `anchor` (pixels from the scroll box's
 * edge) in place when the content is rescaled from `fromZoom` to `toZoom`.
 */
export function anchoredScroll(scroll: number, anchor: number, fromZoom: number, toZoom: number): number {
  return Math.max(0, ((scroll + anchor) * toZoom) / fromZoom - anchor);
}
