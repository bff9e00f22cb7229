import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { readNavigationState } from '../../../lib/navigation-state';
import { useSession } from '../../../lib/session';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { BackToLoginButton } from '../components/auth-link';

const INVALID_TOKEN = 'Invalid or expired verification token. Please request a new verification email.';
const RESEND_FAILED = 'Failed to resend verification email. Please try again.';
const RESEND_NEEDS_LOGIN = 'Please log in to resend the verification email.';

export type VerificationState = 'verifying' | 'verified' | 'failed' | 'idle';

/** Spec §4: a token in the URL is taken out of it and used once; an already verified user sees success. */
export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  // Read once: the token is removed from the address bar straight away.
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  const started = useRef(false);
  const verification = useVerifyEmail({ onSuccess: (response) => session.markEmailVerified(response.user) });
  const resend = useResendVerification();
  const { mutate: verify } = verification;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    params.delete('token');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: location.state });
    verify(token);
  }, [token, location, navigate, verify]);

  const email = readNavigationState(location.state).email ?? session.user?.email;
  let state: VerificationState = 'idle';
  if (token && (verification.isIdle || verification.isPending)) state = 'verifying';
  else if (verification.isSuccess || session.isEmailVerified) state = 'verified';
  else if (verification.isError) state = 'failed';

  // The failed and the waiting cards end alike: the resend outcome, then "Resend" and "Back to Login".
  const resendActions = (
    <>
      {resend.isSuccess ? (
        <Alert severity="success">{resend.data?.msg ?? 'Verification email sent'}</Alert>
      ) : resend.isError ? (
        <Alert severity="error">
          {resend.error instanceof ApiError && resend.error.status === 401
            ? RESEND_NEEDS_LOGIN
            : (serverMessage(resend.error) ?? RESEND_FAILED)}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
        <BackToLoginButton variant="outlined" />
      </Stack>
    </>
  );

  switch (state) {
    case 'verifying':
      return (
        <StatusCard title="Verify Your Email" icon={<CircularProgress aria-label="Verifying your email..." />}>
          <Typography>Verifying your email...</Typography>
        </StatusCard>
      );
    case 'verified':
      return (
        <StatusCard title="Email Verified Successfully!" icon={<CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} />}>
          <Typography color="text.secondary">Your email address is confirmed. Choose a plan to start digitizing your drawings.</Typography>
          <Button component={RouterLink} to={routePaths.pricing} variant="contained" size="large">
            Continue to Pricing
          </Button>
        </StatusCard>
      );
    case 'failed':
      return (
        <StatusCard title="Verification Failed" icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} />}>
          <Alert severity="error">{serverMessage(verification.error) ?? INVALID_TOKEN}</Alert>
          {resendActions}
        </StatusCard>
      );
    default:
      return (
        <StatusCard title="Verify Your Email" icon={<MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 64 }} />}>
          <Typography>
            {email ? (
              <>
                We sent a verification link to <strong>{email}</strong>.
              </>
            ) : (
              'We sent a verification link to your email address.'
            )}{' '}
            Open the link in that email to verify your account.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Can&apos;t find it? Check your spam or junk folder, or request a new email below.
          </Typography>
          {resendActions}
        </StatusCard>
      );
  }
}

function StatusCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <CardPage title={title}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box>{icon}</Box>
        {children}
      </Stack>
    </CardPage>
  );
}
