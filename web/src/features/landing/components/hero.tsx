import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../config/product';
import { routePaths } from '../../../config/route-paths';

export function Hero({ signedIn, showActions }: { signedIn: boolean; showActions: boolean }) {
  return (
    <Box component="section" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Container maxWidth="md">
        <Typography variant="h2" component="h1" color="primary" gutterBottom sx={{ fontSize: { xs: '2.25rem', md: '3.75rem' } }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="h5" component="p" color="text.secondary">
          {PRODUCT_TAGLINE}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', mt: 4, px: { xs: 4, sm: 0 }, minHeight: 42 }}
        >
          {!showActions ? null : signedIn ? (
            <Button component={RouterLink} to={routePaths.dashboard} variant="contained" size="large">
              Go to Dashboard
            </Button>
          ) : (
            <>
              <Button component={RouterLink} to={routePaths.register} variant="contained" size="large">
                Register
              </Button>
              <Button component={RouterLink} to={routePaths.login} variant="outlined" size="large">
                Login
              </Button>
              <Button component={RouterLink} to={routePaths.learnMore} variant="text" size="large">
                Learn More
              </Button>
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
