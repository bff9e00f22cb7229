import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { serverMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

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
          <Button component={RouterLink} to={routePaths.login} variant="contained">
            Back to Login
          </Button>
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
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!email || request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Button component={RouterLink} to={routePaths.login} variant="text">
          Back to Login
        </Button>
      </Stack>
    </CardPage>
  );
}
