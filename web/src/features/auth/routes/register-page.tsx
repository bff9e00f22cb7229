import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RegisterRequest } from '@pid/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { serverMessage } from '../../../lib/api-client';
import { readNavigationState } from '../../../lib/navigation-state';
import { useSession } from '../../../lib/session';
import { AccountField, EMAIL_FIELD, type AccountFieldSpec } from '../components/account-field';
import { AuthLink } from '../components/auth-link';
import { validateRegistration, type RegistrationValues } from '../validation/account-rules';

const REGISTRATION_FAILED = 'Registration failed. Please try again.';

const fields: Array<AccountFieldSpec & { name: keyof RegistrationValues }> = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { ...EMAIL_FIELD, name: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

export function RegisterPage() {
  const { register } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<RegistrationValues>({ username: '', email: '', password: '', confirmPassword: '' });
  const [validationError, setValidationError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (account: RegisterRequest) => register(account),
    onSuccess: (_user, account) => {
      // From the pricing plan: straight on to checkout, with the plan details passed along.
      if (readNavigationState(location.state).redirectToCheckout) navigate(routePaths.checkout, { state: location.state });
      else navigate(routePaths.verifyEmail, { state: { email: account.email } });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateRegistration(values);
    setValidationError(problem);
    if (problem) return;
    mutation.mutate({ username: values.username, email: values.email, password: values.password });
  };
  const error = validationError ?? (mutation.isError ? (serverMessage(mutation.error) ?? REGISTRATION_FAILED) : null);

  return (
    <CardPage title="Create Account" maxWidth="xs">
      {/* Native validation is off (spec §5): the rules run in order on submit. */}
      <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate aria-label="Create account">
        {error && <Alert severity="error">{error}</Alert>}
        {fields.map((field, index) => (
          <AccountField
            key={field.name}
            field={field}
            autoFocus={index === 0}
            value={values[field.name]}
            onValue={(value) => setValues({ ...values, [field.name]: value })}
          />
        ))}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing Up...' : 'Sign Up'}
        </Button>
        <Stack sx={{ alignItems: 'center' }}>
          <AuthLink to={routePaths.login}>Already have an account? Sign in</AuthLink>
        </Stack>
      </Stack>
    </CardPage>
  );
}
