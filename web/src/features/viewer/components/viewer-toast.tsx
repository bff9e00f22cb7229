import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { NOTICE_AUTO_HIDE_MS } from '../../../config/timing';

export interface Toast {
  key: number;
  severity: AlertColor;
  text: string;
}

/** The viewer's notices: bottom right, hidden after 6 s (spec §4). */
export function ViewerToast({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  return (
    <Snackbar
      key={toast?.key}
      open={Boolean(toast)}
      autoHideDuration={NOTICE_AUTO_HIDE_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      {toast ? (
        <Alert severity={toast.severity} variant="filled" onClose={onClose}>
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
