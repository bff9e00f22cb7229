import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Confirm all visible" says what it will confirm, as counts, before it does. */
export function confirmVisibleText(elementCount: number, connectionCount: number): string {
  return `Confirm ${plural(elementCount, 'element')} and ${plural(connectionCount, 'connection')} shown by the current filter?`;
}

export function ConfirmVisibleDialog(props: {
  elementCount: number;
  connectionCount: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const total = props.elementCount + props.connectionCount;
  return (
    <Dialog open onClose={props.onCancel} fullWidth maxWidth="xs">
      <DialogTitle>Confirm all visible</DialogTitle>
      <DialogContent>
        <DialogContentText>{confirmVisibleText(props.elementCount, props.connectionCount)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" color="success" onClick={props.onConfirm}>
          Confirm {total}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
