import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { PageLoader } from '../feedback/page-loader';

/** Vite, Chromium, Firefox and Safari word a failed dynamic import differently. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

interface State {
  error: unknown;
}

/** Catches what a lazily loaded page throws; a script chunk that failed to load is reported as such (spec §8). */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(isChunkLoadError(error) ? 'Chunk load error' : 'Page error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          <AlertTitle>{chunk ? 'Chunk load error' : 'Something went wrong'}</AlertTitle>
          {chunk
            ? 'Part of the application could not be loaded. Check your connection and reload the page.'
            : 'This page could not be shown. Reload the page to try again.'}
        </Alert>
      </Container>
    );
  }
}

/** Wraps a React.lazy page: a spinner while its chunk loads, the boundary if it fails. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
