import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, jest } from '@jest/globals';
import { isChunkLoadError, LazyPage } from './chunk-error-boundary';

describe('lazy pages (spec §8)', () => {
  it('reports a script chunk that fails to load as a chunk-load error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-page.js')));
    render(
      <LazyPage>
        <Broken />
      </LazyPage>,
    );

    expect(await screen.findByText('Chunk load error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    jest.mocked(console.error).mockRestore();
  });

  it('tells chunk errors from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});
