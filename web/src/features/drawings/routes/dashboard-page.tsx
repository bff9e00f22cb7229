import Typography from '@mui/material/Typography';
import { PlaceholderPage } from './placeholder-page';

export function DashboardPage() {
  return (
    <PlaceholderPage title="My P&IDs">
      <Typography color="text.secondary">Your drawings will appear here.</Typography>
    </PlaceholderPage>
  );
}
