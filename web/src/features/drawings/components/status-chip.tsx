import type { Drawing } from '@pid/contracts';
import Chip from '@mui/material/Chip';

type ChipColor = 'default' | 'info' | 'success' | 'error' | 'warning';

/** The status label of spec §4 "Drawing lifecycle": "Processing 42%" while the progress is known. */
export function statusLabel(drawing: Pick<Drawing, 'status' | 'metadata'>): string {
  switch (drawing.status) {
    case 'uploaded':
      return 'Uploaded';
    case 'processing': {
      const progress = drawing.metadata?.processingProgress;
      return typeof progress === 'number' ? `Processing ${Math.round(progress)}%` : 'Processing';
    }
    case 'completed':
      return 'Processed';
    case 'ready':
      return 'Ready';
    case 'error':
      return 'Error';
    case 'failed':
      return 'Failed';
    default:
      return String(drawing.status);
  }
}

const COLORS: Record<string, ChipColor> = {
  uploaded: 'default',
  processing: 'info',
  completed: 'success',
  ready: 'success',
  error: 'error',
  failed: 'error',
};

export function StatusChip({ drawing }: { drawing: Pick<Drawing, 'status' | 'metadata'> }) {
  return <Chip size="small" label={statusLabel(drawing)} color={COLORS[drawing.status] ?? 'default'} data-testid="status-chip" />;
}
