import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { routePaths } from '../../../config/route-paths';

/** The three cards signed-out visitors see (spec §2 Landing page). */
const cards = [
  {
    title: 'Ready to Start?',
    text: 'Create an account and digitize your first P&ID in minutes.',
    action: 'Register Now',
    to: routePaths.register,
    variant: 'contained',
  },
  {
    title: 'Existing User?',
    text: 'Log in to review your drawings and pick up where you left off.',
    action: 'Login',
    to: routePaths.login,
    variant: 'outlined',
  },
  {
    title: 'Not Convinced Yet?',
    text: 'See how upload, AI analysis, verification and export work together.',
    action: 'Learn More',
    to: routePaths.learnMore,
    variant: 'outlined',
  },
] as const;

export function VisitorCards() {
  return (
    <Container component="section" aria-label="Get started" maxWidth="lg" sx={{ pb: { xs: 6, md: 8 } }}>
      <Grid container spacing={3}>
        {cards.map((card) => (
          <Grid key={card.title} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {card.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {card.text}
                </Typography>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Button component={RouterLink} to={card.to} variant={card.variant} color="primary">
                  {card.action}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
