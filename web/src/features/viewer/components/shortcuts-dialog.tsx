import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

const SHORTCUTS: ReadonlyArray<readonly [keys: string, action: string]> = [
  ['Ctrl/Cmd+Z', 'Undo the last edit'],
  ['Ctrl/Cmd+Shift+Z', 'Redo'],
  ['Escape', 'Cancel the add-element or pipe-drawing mode'],
  ['Ctrl/Cmd+wheel', 'Zoom'],
  ['Pinch', 'Zoom on a touch screen or trackpad'],
  ['Double-click', 'Zoom in'],
  ['Shift+double-click', 'Zoom out'],
  ['Delete', 'Delete the selected item (after confirmation)'],
  ['C / D / T then 1–8 / N / P', 'In review mode: confirm, delete, change the type, next, previous'],
  ['?', 'Show this help'],
];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title">
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {SHORTCUTS.map(([keys, action]) => (
              <TableRow key={keys}>
                <TableCell component="th" scope="row">
                  <kbd>{keys}</kbd>
                </TableCell>
                <TableCell>{action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Undo covers moves, confirm toggles, field edits, new elements and deletes: a deleted element comes back with the connections
          removed with it. Shortcuts are ignored while typing in a text field.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
