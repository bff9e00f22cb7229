import Alert from '@mui/material/Alert';
import type { ViewerMode } from './drawing-canvas';

const HINT_SX = { position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2, maxWidth: '90%' } as const;

/** The add modes' hint, over the canvas so it does not push the drawing down. */
export function ModeHint({ mode }: { mode: ViewerMode }) {
  if (mode === 'add-element')
    return (
      <Alert severity="info" sx={HINT_SX}>
        Click on the drawing to place a new element. Press Escape to cancel.
      </Alert>
    );
  if (mode === 'add-connection')
    return (
      <Alert severity="info" sx={HINT_SX}>
        Choose a source element, click to add route points, then click the target element. Press Escape to cancel.
      </Alert>
    );
  return null;
}
