import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface CardPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Top-right control, such as a close button. */
  action?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** A page whose content sits in one centred card under an h1: the forms and the account screens. */
export function CardPage({ title, subtitle, action, maxWidth = 'sm', children }: CardPageProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, sm: 6, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Card elevation={2}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: subtitle ? 1 : 3 }}>
            <Typography variant="h4" component="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
              {title}
            </Typography>
            {action}
          </Box>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
