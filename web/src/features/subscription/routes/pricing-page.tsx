import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Product } from '@pid/contracts';
import { ANNUAL_PLAN_PRODUCT_ID, DEFAULT_PRICING_FEATURES } from '@pid/contracts';
import { useNavigate } from 'react-router-dom';
import { NavigationNotice } from '../../../components/feedback/navigation-notice';
import { PageLoader } from '../../../components/feedback/page-loader';
import { ANNUAL_PRICE_TEXT, PER_DOCUMENT_PRICE_TEXT } from '../../../config/product';
import { routePaths } from '../../../config/route-paths';
import { ApiError } from '../../../lib/api-client';
import type { NavigationState } from '../../../lib/navigation-state';
import { useSession } from '../../../lib/session';
import { useProduct } from '../api/get-product';
import { PlanPrice } from '../components/plan-price';

const LOAD_FAILED = 'Failed to load product information. Please try again later.';
const NOT_AVAILABLE = 'Product information is not available at this time.';

export function PricingPage() {
  const product = useProduct(ANNUAL_PLAN_PRODUCT_ID);
  // 404: billing has no such product, which is "absent", not a failure to load.
  const absent = product.isSuccess ? !product.data : product.error instanceof ApiError && product.error.status === 404;

  let content;
  if (product.isPending) content = <PageLoader label="Loading pricing..." />;
  else if (absent) content = <RetryAlert severity="info" message={NOT_AVAILABLE} label="Refresh" onRetry={() => product.refetch()} />;
  else if (product.isError || !product.data)
    content = <RetryAlert severity="error" message={LOAD_FAILED} label="Try Again" onRetry={() => product.refetch()} />;
  else content = <PlanCard product={product.data} />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <NavigationNotice />
      <Typography variant="h3" component="h1" align="center" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Pricing
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 5, maxWidth: 620, mx: 'auto' }}>
        Full analysis costs {PER_DOCUMENT_PRICE_TEXT}, charged to the payment method on file. The annual subscription gives unlimited access
        for {ANNUAL_PRICE_TEXT}.
      </Typography>
      {content}
    </Container>
  );
}

function RetryAlert({
  severity,
  message,
  label,
  onRetry,
}: {
  severity: 'error' | 'info';
  message: string;
  label: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity={severity}
      sx={{ maxWidth: 480, mx: 'auto' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {label}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

function PlanCard({ product }: { product: Product }) {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const price = product.defaultPrice;
  const features = product.features?.length ? product.features : DEFAULT_PRICING_FEATURES;

  const subscribe = () => {
    const state: NavigationState = {
      redirectToCheckout: true,
      plan: {
        productId: product.id,
        priceId: price.id,
        name: product.name,
        unitAmount: price.unitAmount,
        currency: price.currency,
        interval: price.recurringInterval,
        intervalCount: price.recurringIntervalCount,
      },
    };
    navigate(isAuthenticated ? routePaths.checkout : routePaths.register, { state });
  };

  return (
    <Card
      component="section"
      aria-labelledby="plan-name"
      elevation={4}
      sx={{ maxWidth: 460, mx: 'auto', borderTop: 4, borderColor: 'primary.main' }}
    >
      <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Chip label="Single plan" color="secondary" size="small" sx={{ mb: 2 }} />
        <Typography id="plan-name" variant="h5" component="h2" gutterBottom>
          {product.name}
        </Typography>
        {product.description && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {product.description}
          </Typography>
        )}
        <PlanPrice price={price} />
        <List aria-label="Features" sx={{ mt: 2, textAlign: 'left' }}>
          {features.map((feature) => (
            <ListItem key={feature} disableGutters sx={{ py: 0.5 }}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckIcon color="secondary" />
              </ListItemIcon>
              {/* The spec words features in lower case; they read as list items with a capital. */}
              <ListItemText primary={feature} slotProps={{ primary: { sx: { '&::first-letter': { textTransform: 'uppercase' } } } }} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ px: { xs: 3, sm: 4 }, pb: { xs: 3, sm: 4 } }}>
        <Button variant="contained" size="large" fullWidth onClick={subscribe}>
          Subscribe Now
        </Button>
      </CardActions>
    </Card>
  );
}
