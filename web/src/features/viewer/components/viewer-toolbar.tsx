import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_ZOOM, MIN_ZOOM, zoomPercent } from '../geometry/zoom';
import type { ExportFormat } from '../../../lib/drawing-export';
import type { ViewerMode } from './drawing-canvas';
import { ExportMenu } from './export-menu';
import { LayerMenu, type LayerState } from './layer-menu';
import { useLiveZoom, type LiveZoom } from './live-zoom';

export interface ViewerToolbarProps {
  name: string;
  showAll: boolean;
  showPipes: boolean;
  mode: ViewerMode;
  elementCount: number;
  zoom: number;
  /** The zoom shown during a wheel or pinch gesture, ahead of `zoom`. */
  liveZoom?: LiveZoom;
  maximised: boolean;
  onShowAll: (value: boolean) => void;
  onShowPipes: (value: boolean) => void;
  onMode: (mode: ViewerMode) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onZoomReset: () => void;
  onMaximise: () => void;
  onShortcuts?: () => void;
  /** Zooms so the whole sheet shows. */
  onFit: () => void;
  layers: LayerState;
  onLayers: (layers: LayerState) => void;
  reviewing: boolean;
  onReview: () => void;
  onExport: (format: ExportFormat) => void;
}

/** The zoom shown, re-rendered alone at each step of a gesture. */
function ZoomPercent(props: { zoom: number; live?: LiveZoom }) {
  return (
    <Typography data-testid="zoom-percent" sx={{ minWidth: 48, textAlign: 'center' }}>
      {zoomPercent(useLiveZoom(props.live, props.zoom))}
    </Typography>
  );
}

export function ViewerToolbar(props: ViewerToolbarProps) {
  const { mode, onMode } = props;
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
      {/* Compact enough for one row at 1280 px: a second row would take the drawing's height. */}
      <Stack direction="row" alignItems="center" spacing={0.5} useFlexGap flexWrap="wrap">
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 80, flexBasis: 80 }} title={props.name}>
          {props.name}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={props.showAll} onChange={(event) => props.onShowAll(event.target.checked)} />}
          label="Show All"
        />
        <FormControlLabel
          control={<Switch size="small" checked={props.showPipes} onChange={(event) => props.onShowPipes(event.target.checked)} />}
          label="Show Pipes"
        />
        <Button
          size="small"
          variant={mode === 'add-element' ? 'contained' : 'outlined'}
          startIcon={<AddBoxOutlinedIcon />}
          onClick={() => onMode(mode === 'add-element' ? 'normal' : 'add-element')}
        >
          Element
        </Button>
        <Button
          size="small"
          variant={mode === 'add-connection' ? 'contained' : 'outlined'}
          startIcon={<TimelineIcon />}
          disabled={props.elementCount < 2}
          onClick={() => onMode(mode === 'add-connection' ? 'normal' : 'add-connection')}
        >
          Connection
        </Button>
        <LayerMenu layers={props.layers} zoom={props.zoom} onChange={props.onLayers} />
        <Button
          size="small"
          variant={props.reviewing ? 'contained' : 'outlined'}
          startIcon={<RateReviewIcon />}
          onClick={props.onReview}
          disabled={props.elementCount === 0}
        >
          Review
        </Button>
        <ExportMenu onExport={props.onExport} />
        <Tooltip title="Zoom out">
          <span>
            <IconButton size="small" aria-label="Zoom out" onClick={props.onZoomOut} disabled={props.zoom <= MIN_ZOOM}>
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <ZoomPercent zoom={props.zoom} live={props.liveZoom} />
        <Tooltip title="Zoom in">
          <span>
            <IconButton size="small" aria-label="Zoom in" onClick={props.onZoomIn} disabled={props.zoom >= MAX_ZOOM}>
              <ZoomInIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Fit the whole sheet">
          <IconButton size="small" aria-label="Fit" onClick={props.onFit}>
            <FitScreenIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Reset to 100%">
          <IconButton size="small" aria-label="Reset zoom" onClick={props.onZoomReset}>
            <CenterFocusStrongIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={props.maximised ? 'Exit full view' : 'Maximise'}>
          <IconButton size="small" aria-label={props.maximised ? 'Exit full view' : 'Maximise'} onClick={props.onMaximise}>
            {props.maximised ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Tooltip>
        {props.onShortcuts ? (
          <Tooltip title="Keyboard shortcuts (?)">
            <IconButton size="small" aria-label="Keyboard shortcuts" onClick={props.onShortcuts}>
              <KeyboardIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
    </Paper>
  );
}
