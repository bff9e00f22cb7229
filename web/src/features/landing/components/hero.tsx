import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../config/product';

export function Hero() {
  return (
    <Box component="section" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Container maxWidth="md">
        <Typography variant="h2" component="h1" color="primary" gutterBottom sx={{ fontSize: { xs: '2.25rem', md: '3.75rem' } }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="h5" component="p" color="text.secondary">
          {PRODUCT_TAGLINE}
        </Typography>
      </Container>
    </Box>
  );
}
