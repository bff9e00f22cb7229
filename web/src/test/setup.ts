import '@testing-library/jest-dom/jest-globals';
import { afterEach, jest } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { unstubAllGlobals } from './globals';

// findBy* and waitFor wait 1 s by default; a render of the viewer can take several seconds on a 2-core
// machine that also runs the analysis tests (npm test runs two projects at a time).
configure({ asyncUtilTimeout: 15_000 });

// Jest globals are not injected (tests import @jest/globals), so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  unstubAllGlobals();
  jest.useRealTimers();
  localStorage.clear();
});

// No realtime server in component tests: a socket that never connects.
jest.mock('socket.io-client', () => ({
  io: () => ({ on: () => undefined, off: () => undefined, emit: () => undefined, disconnect: () => undefined }),
}));

// jsdom lacks PointerEvent: a MouseEvent carries the coordinates and button the canvas reads, plus the
// pointer's id and type for multi-touch gestures.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}
