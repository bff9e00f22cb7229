import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { CardPage } from '../../../components/layout/card-page';
import { serverMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AccountField, EMAIL_FIELD } from '../components/account-field';
import { BackToLoginButton } from '../components/auth-link';

const GENERIC_ERROR = 'An error occurred. Please try again.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useForgotPassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email) request.mutate(email);
  };

  if (request.isSuccess) {
    return (
      <CardPage title="Check Your Email" maxWidth="xs">
        <Stack spacing={3}>
          <Alert severity="success">If an account exists with {request.variables}, password reset instructions have been sent.</Alert>
          <BackToLoginButton variant="contained" />
        </Stack>
      </CardPage>
    );
  }

  return (
    <CardPage title="Forgot Password" maxWidth="xs">
      <Stack component="form" spacing={2} onSubmit={handleSubmit} aria-label="Request a password reset link">
        <Typography color="text.secondary">
          Enter the email address of your account and we will send you a link to reset your password.
        </Typography>
        {request.isError && <Alert severity="error">{serverMessage(request.error) ?? GENERIC_ERROR}</Alert>}
        <AccountField field={EMAIL_FIELD} autoFocus value={email} onValue={setEmail} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!email || request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <BackToLoginButton variant="text" />
      </Stack>
    </CardPage>
  );
}
