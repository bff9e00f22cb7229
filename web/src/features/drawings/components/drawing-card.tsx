import type { Drawing } from '@pid/contracts';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { drawingPath } from '../../../config/route-paths';
import { formatDate } from '../../../lib/format';
import type { ExportFormat } from '../../../lib/drawing-export';
import { StatusChip } from './status-chip';

/** Statuses from which processing can be (re)started (spec §4). */
const PROCESSABLE_STATUSES = ['uploaded', 'error', 'failed'] as const;
export const isProcessable = (status: string) => (PROCESSABLE_STATUSES as readonly string[]).includes(status);
export const isExportable = (status: string) => status === 'completed';

export interface DrawingCardActions {
  onRename: (drawing: Drawing) => void;
  onProcess: (drawing: Drawing) => void;
  onExport: (drawing: Drawing, format: ExportFormat) => void;
  onDelete: (drawing: Drawing) => void;
}

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'json', label: 'JSON' },
];

export function DrawingCard({ drawing, actions }: { drawing: Drawing; actions: DrawingCardActions }) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const close = () => {
    setMenuAnchor(null);
    setExportAnchor(null);
  };
  const processLabel = drawing.status === 'uploaded' ? 'Process Drawing' : 'Retry Processing';

  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="drawing-card"
      aria-label={drawing.name}
    >
      <CardActionArea component={RouterLink} to={drawingPath(drawing._id)} sx={{ flexGrow: 1 }}>
        <CardContent>
          <Typography variant="h6" component="h2" noWrap title={drawing.name}>
            {drawing.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Uploaded {formatDate(drawing.uploadDate)}
          </Typography>
          <StatusChip drawing={drawing} />
          {drawing.status === 'processing' && drawing.processingMessage ? (
            <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 1 }}>
              {drawing.processingMessage}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
      <CardActions>
        <Stack direction="row" justifyContent="space-between" sx={{ width: '100%' }}>
          {isProcessable(drawing.status) ? (
            <Button size="small" onClick={() => actions.onProcess(drawing)}>
              {processLabel}
            </Button>
          ) : (
            <Button size="small" component={RouterLink} to={drawingPath(drawing._id)}>
              {drawing.status === 'processing' ? 'View Progress' : 'Open Viewer'}
            </Button>
          )}
          <IconButton aria-label={`Actions for ${drawing.name}`} onClick={(event) => setMenuAnchor(event.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
        </Stack>
      </CardActions>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            actions.onRename(drawing);
          }}
        >
          Rename
        </MenuItem>
        {isProcessable(drawing.status) ? (
          <MenuItem
            onClick={() => {
              close();
              actions.onProcess(drawing);
            }}
          >
            {processLabel}
          </MenuItem>
        ) : null}
        <MenuItem disabled={!isExportable(drawing.status)} onClick={(event) => setExportAnchor(event.currentTarget)}>
          Export Data
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            actions.onDelete(drawing);
          }}
          sx={{ color: 'error.main' }}
        >
          Delete
        </MenuItem>
      </Menu>
      <Menu
        anchorEl={exportAnchor}
        open={Boolean(exportAnchor)}
        onClose={() => setExportAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {EXPORTS.map(({ format, label }) => (
          <MenuItem
            key={format}
            onClick={() => {
              close();
              actions.onExport(drawing, format);
            }}
          >
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
