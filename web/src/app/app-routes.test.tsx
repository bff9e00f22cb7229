import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
