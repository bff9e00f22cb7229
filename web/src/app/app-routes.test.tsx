import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { stubSignedIn } from '../test/api-stub';
import { renderRoute } from '../test/render-route';

describe('app routes', () => {
  it('redirects an unknown path to /404', () => {
    renderRoute('/no/such/page');

    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/404$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers Go Home and My Drawings on the 404 page', () => {
    renderRoute('/404');

    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'My Drawings' })).toHaveAttribute('href', '/dashboard');
  });

  it('arriving at a drawing signed in, loads its data alongside the session check, not after it', async () => {
    // The session check never answers: the viewer is not shown, yet its data is on the way.
    const { calls } = stubSignedIn({}, { 'GET /api/auth/me': () => new Promise<Response>(() => undefined) });
    renderRoute('/drawing/d1');
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining([
          'GET /api/drawings/d1',
          'GET /api/drawings/d1/file',
          'GET /api/drawings/d1/elements',
          'GET /api/drawings/d1/connections',
        ]),
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Plant A' })).not.toBeInTheDocument();
  });

  it('does not load a drawing for a visitor who is not signed in', async () => {
    const { calls } = stubSignedIn();
    localStorage.clear();
    renderRoute('/drawing/d1');
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/login'));
    expect(calls.filter((call) => call.includes('/api/drawings'))).toEqual([]);
  });
});
