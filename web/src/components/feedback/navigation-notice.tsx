import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { NOTICE_AUTO_HIDE_MS } from '../../config/timing';
import { readNavigationState } from '../../lib/navigation-state';

/**
 * Shows the `message` another page passed in navigation state as an info toast that hides after 6 s
 * (spec §2 Pricing, §9). A new navigation with a new message shows again.
 */
export function NavigationNotice() {
  const location = useLocation();
  const { message } = readNavigationState(location.state);
  if (!message) return null;
  return <NoticeToast key={location.key} message={message} />;
}

function NoticeToast({ message }: { message: string }) {
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      autoHideDuration={NOTICE_AUTO_HIDE_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="info" variant="filled" onClose={() => setOpen(false)} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
