import type { DrawingElement } from '@pid/contracts';
import { ELEMENT_TYPES } from '@pid/contracts';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { confidenceOf } from '../components/element-filter';
import { ELEMENT_TYPE_LABELS, elementLabel } from '../components/element-row';
import { REVIEW_KEYS } from './use-review';
import { reviewProgressText } from './review-queue';

export interface ReviewBarProps {
  current: DrawingElement | null;
  progress: { reviewed: number; total: number };
  pickingType: boolean;
  onClose: () => void;
}

const KBD_SX = { fontFamily: 'monospace', border: 1, borderColor: 'divider', borderRadius: 0.5, px: 0.5 } as const;

function KeyHint({ keyName, label }: { keyName: string; label: string }) {
  return (
    <span style={{ marginRight: 8, whiteSpace: 'nowrap' }}>
      <Typography component="kbd" variant="caption" sx={KBD_SX}>
        {keyName}
      </Typography>{' '}
      {label}
    </span>
  );
}

/** Review mode's panel over the canvas: progress, the current item, and the keys. */
export function ReviewBar({ current, progress, pickingType, onClose }: ReviewBarProps) {
  return (
    <Paper
      elevation={4}
      role="region"
      aria-label="Review"
      sx={{ position: 'absolute', left: 12, bottom: 12, zIndex: 2, p: 1.5, width: 360, maxWidth: 'calc(100% - 24px)' }}
    >
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }} data-testid="review-progress">
          {reviewProgressText(progress)}
        </Typography>
        <IconButton size="small" aria-label="Exit review" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <LinearProgress variant="determinate" value={progress.total ? (100 * progress.reviewed) / progress.total : 100} sx={{ my: 1 }} />
      {current ? (
        <Typography variant="body2" data-testid="review-current" data-element-id={current._id}>
          <strong>{elementLabel(current)}</strong> · {ELEMENT_TYPE_LABELS[current.elementType]} · confidence{' '}
          {Math.round(confidenceOf(current) * 100)}%
        </Typography>
      ) : (
        <Typography variant="body2">Every element on this page is confirmed.</Typography>
      )}
      <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 1 }}>
        {pickingType
          ? ELEMENT_TYPES.map((type, index) => <KeyHint key={type} keyName={String(index + 1)} label={ELEMENT_TYPE_LABELS[type]} />)
          : REVIEW_KEYS.map(([key, action]) => <KeyHint key={key} keyName={key} label={action} />)}
      </Typography>
    </Paper>
  );
}
