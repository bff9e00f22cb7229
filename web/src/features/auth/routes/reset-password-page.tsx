import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../components/feedback/page-loader';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { RESET_REDIRECT_DELAY_MS } from '../../../config/timing';
import { serverMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { useResetTokenValidity } from '../api/verify-reset-token';
import { AccountField, type AccountFieldSpec } from '../components/account-field';
import { validatePasswordReset } from '../validation/account-rules';

const INVALID_LINK = 'This password reset link is invalid or has expired.';
const GENERIC_ERROR = 'An error occurred. Please try again.';
const NEW_PASSWORD_FIELD: AccountFieldSpec = { name: 'password', label: 'New Password', type: 'password', autoComplete: 'new-password' };
const CONFIRM_PASSWORD_FIELD: AccountFieldSpec = {
  name: 'confirmPassword',
  label: 'Confirm New Password',
  type: 'password',
  autoComplete: 'new-password',
};

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const validity = useResetTokenValidity(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);

  // Spec §4: after a successful reset, on to /login after 3 s.
  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate(routePaths.login), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (token && validity.isPending) return <PageLoader label="Checking your reset link..." />;

  // A missing token counts as invalid.
  if (!token || validity.isError || validity.data?.valid !== true) {
    return (
      <CardPage title="Reset Password" maxWidth="xs">
        <Stack spacing={3}>
          <Alert severity="error">{INVALID_LINK}</Alert>
          <Button component={RouterLink} to={routePaths.forgotPassword} variant="contained">
            Request New Link
          </Button>
        </Stack>
      </CardPage>
    );
  }

  if (reset.isSuccess) {
    return (
      <CardPage title="Reset Password" maxWidth="xs">
        <Stack spacing={3}>
          <Alert severity="success">{reset.data?.msg ?? 'Your password has been reset.'}</Alert>
          <Alert severity="info">Redirecting to login...</Alert>
          <Button component={RouterLink} to={routePaths.login} variant="contained">
            Go to Login
          </Button>
        </Stack>
      </CardPage>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validatePasswordReset(password, confirmPassword);
    setValidationError(problem);
    if (!problem) reset.mutate({ token, password });
  };
  const error = validationError ?? (reset.isError ? (serverMessage(reset.error) ?? GENERIC_ERROR) : null);

  return (
    <CardPage title="Reset Password" maxWidth="xs">
      <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate aria-label="Set a new password">
        {error && <Alert severity="error">{error}</Alert>}
        <AccountField field={NEW_PASSWORD_FIELD} autoFocus value={password} onValue={setPassword} />
        <AccountField field={CONFIRM_PASSWORD_FIELD} value={confirmPassword} onValue={setConfirmPassword} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!password || !confirmPassword || reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Stack>
    </CardPage>
  );
}
