import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { LoginRequest } from '@pid/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { serverMessage } from '../../../lib/api-client';
import { useNavigationState } from '../../../lib/navigation-state';
import { useSession } from '../../../lib/session';
import { AccountField, EMAIL_FIELD, type AccountFieldSpec } from '../components/account-field';
import { AuthLink } from '../components/auth-link';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';
const PASSWORD_FIELD: AccountFieldSpec = { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' };

/**
 * Where to go after logging in (spec §4): subscribers to the dashboard, others to checkout. A path a
 * guard remembered wins, except that a subscriber has nothing to do on checkout.
 */
export function loginTarget(isActive: boolean, from: string | undefined): string {
  const remembered = from && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
  if (isActive) return remembered && remembered !== routePaths.checkout ? remembered : routePaths.dashboard;
  return remembered ?? routePaths.checkout;
}

export function LoginPage() {
  const { login, checkSubscription } = useSession();
  const navigate = useNavigate();
  const { from, message } = useNavigationState();
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });

  const mutation = useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      await login(credentials);
      return checkSubscription();
    },
    onSuccess: (status) => navigate(loginTarget(status.isActive, from), { replace: true }),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(values);
  };
  const error = mutation.isError ? (serverMessage(mutation.error) ?? LOGIN_FAILED) : null;

  return (
    <CardPage title="Log In" maxWidth="xs">
      <Stack component="form" spacing={2} onSubmit={handleSubmit} aria-label="Log in">
        {message && <Alert severity="info">{message}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <AccountField field={EMAIL_FIELD} autoFocus value={values.email} onValue={(email) => setValues({ ...values, email })} />
        <AccountField field={PASSWORD_FIELD} value={values.password} onValue={(password) => setValues({ ...values, password })} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending}>
          {mutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <AuthLink to={routePaths.forgotPassword}>Forgot password?</AuthLink>
          <AuthLink to={routePaths.register}>Don&apos;t have an account? Sign Up</AuthLink>
        </Stack>
      </Stack>
    </CardPage>
  );
}
