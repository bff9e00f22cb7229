import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { CardPage } from '../../../components/layout/card-page';
import { routePaths } from '../../../config/route-paths';
import { useSession, useSubscriptionStatus } from '../../../lib/session';
import { SubscriptionHistoryTable } from '../components/subscription-history-table';
import { toSubscriptionRows } from '../subscription-history/subscription-rows';

const LOAD_FAILED = 'Failed to load subscription information. Please try again later.';

export function ProfilePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const status = useSubscriptionStatus();
  const rows = toSubscriptionRows(status.data);

  const subscribeNow = (
    <Button component={RouterLink} to={routePaths.checkout} variant="contained">
      Subscribe Now
    </Button>
  );

  let subscriptions;
  if (status.isPending) subscriptions = <CircularProgress aria-label="Loading subscription information" />;
  else if (status.isError) subscriptions = <Alert severity="error">{LOAD_FAILED}</Alert>;
  else if (rows.length === 0) {
    subscriptions = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">You don&apos;t have a subscription yet.</Typography>
        {subscribeNow}
      </Stack>
    );
  } else {
    subscriptions = (
      <Stack spacing={2}>
        {!status.data.isActive && (
          <Alert severity="warning" action={subscribeNow} sx={{ alignItems: 'center' }}>
            You have no active subscription.
          </Alert>
        )}
        <SubscriptionHistoryTable rows={rows} />
      </Stack>
    );
  }

  return (
    <CardPage
      title="My Account"
      maxWidth="lg"
      action={
        <IconButton aria-label="Close" onClick={() => navigate(routePaths.home)}>
          <CloseIcon />
        </IconButton>
      }
    >
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="account-heading">
          <Typography id="account-heading" variant="h6" component="h2" gutterBottom>
            Account
          </Typography>
          <Typography component="p" color="text.secondary" variant="body2">
            Email
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{user?.email || 'Not available'}</Typography>
        </Box>
        <Box component="section" aria-labelledby="subscription-history-heading">
          <Typography id="subscription-history-heading" variant="h6" component="h2" gutterBottom>
            Subscription History
          </Typography>
          {subscriptions}
        </Box>
      </Stack>
    </CardPage>
  );
}
