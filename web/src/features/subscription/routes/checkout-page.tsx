import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ANNUAL_PLAN_PRODUCT_ID } from '@pid/contracts';
import { useState } from 'react';
import { NavigationNotice } from '../../../components/feedback/navigation-notice';
import { PageLoader } from '../../../components/feedback/page-loader';
import { CardPage } from '../../../components/layout/card-page';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useProduct } from '../api/get-product';
import { PlanPrice } from '../components/plan-price';

const LOAD_FAILED = 'Failed to load payment information. Please try again.';
const INVALID_PRODUCT = 'Invalid product information';
const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

export function CheckoutPage() {
  const product = useProduct(ANNUAL_PLAN_PRODUCT_ID);
  const checkout = useCreateCheckoutSession();
  const [invalidProduct, setInvalidProduct] = useState(false);

  const proceed = () => {
    const priceId = product.data?.defaultPrice?.id;
    setInvalidProduct(!priceId);
    if (priceId) checkout.mutate(priceId);
  };

  let content;
  if (product.isPending) content = <PageLoader label="Loading payment information..." />;
  else if (product.isError || !product.data) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => product.refetch()}>
            Try Again
          </Button>
        }
      >
        {LOAD_FAILED}
      </Alert>
    );
  } else {
    const plan = product.data;
    // Leaving for the payment page takes a moment after success: keep the button busy until then.
    const busy = checkout.isPending || checkout.isSuccess;
    content = (
      <Stack spacing={3}>
        {invalidProduct && <Alert severity="error">{INVALID_PRODUCT}</Alert>}
        {checkout.isError && <Alert severity="error">{CHECKOUT_FAILED}</Alert>}
        <Stack spacing={1} sx={{ textAlign: 'center' }}>
          <Typography variant="h5" component="h2">
            {plan.name}
          </Typography>
          {plan.description && <Typography color="text.secondary">{plan.description}</Typography>}
        </Stack>
        <Divider />
        {plan.defaultPrice && <PlanPrice price={plan.defaultPrice} size="medium" />}
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={proceed}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={20} color="inherit" /> : <LockOutlinedIcon />}
        >
          {busy ? 'Redirecting to payment...' : 'Proceed to Payment'}
        </Button>
        <Typography variant="body2" color="text.secondary" align="center">
          You will be taken to our payment provider&apos;s secure page to complete the payment.
        </Typography>
      </Stack>
    );
  }

  return (
    <CardPage title="Complete Your Subscription">
      <NavigationNotice />
      {content}
    </CardPage>
  );
}
