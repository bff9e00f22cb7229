import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { routePaths } from '../../../config/route-paths';

/** An in-app text link under a form ("Forgot password?", "Already have an account? Sign in"). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" underline="hover">
      {children}
    </Link>
  );
}

/** "Back to Login", as a button of the given variant (spec §2: forgot password, verify e-mail). */
export function BackToLoginButton({ variant }: { variant: 'text' | 'outlined' | 'contained' }) {
  return (
    <Button component={RouterLink} to={routePaths.login} variant={variant}>
      Back to Login
    </Button>
  );
}
