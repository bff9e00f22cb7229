import { useSyncExternalStore } from 'react';

/**
 * The zoom shown while a wheel or pinch gesture runs, ahead of the viewer's zoom state: the canvas
 * scales its layer and the toolbar's percentage follows each step without re-rendering the page;
 * the state takes the final zoom once the gesture pauses.
 */
export interface LiveZoom {
  get: () => number;
  set: (zoom: number) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createLiveZoom(initial: number): LiveZoom {
  let zoom = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => zoom,
    set: (next) => {
      if (next === zoom) return;
      zoom = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NO_LIVE_ZOOM = () => () => undefined;

/** The live zoom, or `zoom` without one. */
export function useLiveZoom(live: LiveZoom | undefined, zoom: number): number {
  return useSyncExternalStore(live?.subscribe ?? NO_LIVE_ZOOM, live ? live.get : () => zoom);
}
