import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

// No realtime server in component tests: a socket that never connects.
vi.mock('socket.io-client', () => ({
  io: () => ({ on: () => undefined, off: () => undefined, emit: () => undefined, disconnect: () => undefined }),
}));
