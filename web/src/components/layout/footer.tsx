import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PRODUCT_DESCRIPTION, PRODUCT_NAME } from '../../config/product';

export function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Typography variant="body2" color="text.secondary" align="center">
          © {new Date().getFullYear()} {PRODUCT_NAME} — {PRODUCT_DESCRIPTION}
        </Typography>
      </Container>
    </Box>
  );
}
