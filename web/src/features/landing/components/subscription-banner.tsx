import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ANNUAL_PRICE_TEXT } from '../../../config/product';
import { routePaths } from '../../../config/route-paths';

/** Shown to everyone: signed-in users subscribe at checkout, visitors see pricing first. */
export function SubscriptionBanner({ signedIn }: { signedIn: boolean }) {
  return (
    <Container component="section" aria-labelledby="subscription-banner-title" maxWidth="lg" sx={{ pb: { xs: 6, md: 10 } }}>
      <Box
        sx={{
          borderRadius: 3,
          p: { xs: 3, md: 5 },
          color: 'primary.contrastText',
          backgroundImage: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 60%, ${theme.palette.secondary.main} 100%)`,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'flex-start', md: 'center' },
          justifyContent: 'space-between',
          gap: 3,
        }}
      >
        <div>
          <Typography id="subscription-banner-title" variant="h5" component="h2" gutterBottom>
            Annual Subscription
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {ANNUAL_PRICE_TEXT}
          </Typography>
          <Typography sx={{ opacity: 0.9, mt: 1 }}>Unlimited access to analysis, verification and export for a whole year.</Typography>
        </div>
        {signedIn ? (
          <Button component={RouterLink} to={routePaths.checkout} variant="contained" color="secondary" size="large">
            Subscribe Now
          </Button>
        ) : (
          <Button component={RouterLink} to={routePaths.pricing} variant="contained" color="secondary" size="large">
            View Pricing
          </Button>
        )}
      </Box>
    </Container>
  );
}
