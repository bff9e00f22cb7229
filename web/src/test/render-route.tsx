import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { AppRoutes } from '../app/app-routes';

/** Shows the router's current path and state, so tests can see where a redirect ended up and what it carried. */
function CurrentLocation() {
  const location = useLocation();
  return (
    <>
      <span data-testid="current-path">{location.pathname}</span>
      <span data-testid="current-search">{location.search}</span>
      <span data-testid="current-state">{JSON.stringify(location.state ?? null)}</span>
    </>
  );
}

/** A client without retries, so a stubbed failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Renders the whole app at `path` (with optional navigation state), as a user opening that address would see it. */
export function renderRoute(path: string, options: { state?: unknown; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const [pathname, search = ''] = path.split('?');
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state: options.state }]}>
        <AppRoutes />
        <CurrentLocation />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** The state the router holds now, parsed. */
export function currentState(container: HTMLElement = document.body): unknown {
  const output = container.querySelector('[data-testid="current-state"]');
  return JSON.parse(output?.textContent || 'null');
}
