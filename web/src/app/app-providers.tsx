import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { theme } from '../theme/theme';

/** Everything a page needs around it except the router, so tests can pair it with a MemoryRouter. */
export function AppProviders({ children }: { children: ReactNode }) {
  // Lazy state keeps one client for the lifetime of the app instead of one per render.
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
