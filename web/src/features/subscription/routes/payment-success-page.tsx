import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PaymentVerificationResponse } from '@pid/contracts';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../components/feedback/page-loader';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { capitalize, formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCheckoutSessionVerification } from '../api/verify-session';

const NO_SESSION = 'No session ID provided';
const UNVERIFIED = 'Unable to verify payment. Please contact support.';
const VERIFY_ERROR = 'An error occurred while verifying your payment. Please try refreshing the page.';
const MAY_BE_ACTIVE = 'Your subscription may still have been activated. Please check your account.';

export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const verification = useCheckoutSessionVerification(sessionId);
  const { refresh } = useSession();
  const paid = verification.data?.success === true;
  // The session's subscription flag must be fresh before "Dashboard" can pass the guard.
  const [sessionRefreshed, setSessionRefreshed] = useState(false);

  useEffect(() => {
    if (!paid) return;
    let current = true;
    void refresh().finally(() => current && setSessionRefreshed(true));
    return () => {
      current = false;
    };
  }, [paid, refresh]);

  if (!sessionId) return <PaymentProblem message={NO_SESSION} />;
  if (verification.isPending || (paid && !sessionRefreshed)) return <PageLoader label="Confirming your subscription..." />;
  if (verification.isError) return <PaymentProblem message={VERIFY_ERROR} detail={MAY_BE_ACTIVE} />;
  if (!paid) return <PaymentProblem message={verification.data?.message || UNVERIFIED} />;
  return <PaymentConfirmed result={verification.data} />;
}

function PaymentConfirmed({ result }: { result: PaymentVerificationResponse }) {
  const subscription = result.subscription;
  const rows = subscription
    ? [
        ['Status', capitalize(subscription.status)],
        ['Plan', subscription.plan],
        ['Next billing date', formatDate(subscription.currentPeriodEnd)],
      ]
    : [];
  return (
    <CardPage title="Payment Successful!">
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 72 }} />
        <Typography color="text.secondary">{result.message || 'Thank you! Your subscription is now active.'}</Typography>
        {rows.length > 0 && (
          <Box sx={{ width: '100%' }}>
            <Typography variant="h6" component="h2" align="left" gutterBottom>
              Subscription details
            </Typography>
            <Table size="small" aria-label="Subscription details">
              <TableBody>
                {rows.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {label}
                    </TableCell>
                    <TableCell>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Button component={RouterLink} to={routePaths.dashboard} variant="contained" size="large">
          Dashboard
        </Button>
      </Stack>
    </CardPage>
  );
}

function PaymentProblem({ message, detail }: { message: string; detail?: string }) {
  return (
    <CardPage title="Payment Verification">
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 72 }} />
        <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
          {message}
        </Alert>
        {detail && <Typography color="text.secondary">{detail}</Typography>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to={routePaths.profile} variant="contained">
            View My Account
          </Button>
          <Button component={RouterLink} to={routePaths.support} variant="outlined">
            Contact Support
          </Button>
        </Stack>
      </Stack>
    </CardPage>
  );
}
