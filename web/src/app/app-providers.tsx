import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { theme } from '../theme/theme';

/**
 * Everything a page needs around it except the router, so tests can pair it with a MemoryRouter (and
 * hand in their own QueryClient).
 */
export function AppProviders({ children, queryClient: givenClient }: { children: ReactNode; queryClient?: QueryClient }) {
  // Lazy state keeps one client for the lifetime of the app instead of one per render.
  const [ownClient] = useState(createQueryClient);
  const queryClient = givenClient ?? ownClient;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
