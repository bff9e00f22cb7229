import type { DrawingElement, ElementType } from '@pid/contracts';
import { ELEMENT_TYPES } from '@pid/contracts';
import LayersIcon from '@mui/icons-material/Layers';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { ELEMENT_TYPE_LABELS } from './element-row';
import { ToolbarMenu } from './toolbar-menu';

/** Which element types the overlay draws. Text is drawn from TEXT_LAYER_ZOOM up unless asked for at every zoom. */
export interface LayerState {
  hidden: ElementType[];
  /** Text boxes at every zoom, fit included. */
  textAlways: boolean;
}

export const DEFAULT_LAYERS: LayerState = { hidden: [], textAlways: false };

/** Text boxes cover the lettering they mark; below this zoom they are left out unless asked for. */
export const TEXT_LAYER_ZOOM = 2;

export function isLayerShown(layers: LayerState, type: ElementType, zoom: number): boolean {
  if (layers.hidden.includes(type)) return false;
  return type !== 'text' || layers.textAlways || zoom >= TEXT_LAYER_ZOOM;
}

export function visibleByLayer(elements: DrawingElement[], layers: LayerState, zoom: number): DrawingElement[] {
  const shown = new Map(ELEMENT_TYPES.map((type) => [type, isLayerShown(layers, type, zoom)]));
  const visible = elements.filter((element) => shown.get(element.elementType) ?? true);
  // The same list when nothing is left out, so the overlay's memoised layer is not drawn again.
  return visible.length === elements.length ? elements : visible;
}

/**
 * A click on a type's check box: shown at this zoom → hidden; hidden → shown (text then at every zoom).
 * Text asked for at fit and unchecked again goes back to showing from 200 %.
 */
export function toggleLayer(layers: LayerState, type: ElementType, zoom: number): LayerState {
  const shown = isLayerShown(layers, type, zoom);
  // Text asked for below its zoom, then unchecked: back to "from 200 %".
  if (type === 'text' && shown && layers.textAlways && zoom < TEXT_LAYER_ZOOM) return { ...layers, textAlways: false };
  const hidden = shown ? [...layers.hidden, type] : layers.hidden.filter((item) => item !== type);
  return type === 'text' ? { hidden, textAlways: !shown } : { ...layers, hidden };
}

/** "Layers": one check box per element type; text at fit zoom is off until checked. */
export function LayerMenu(props: { layers: LayerState; zoom: number; onChange: (layers: LayerState) => void }) {
  return (
    <ToolbarMenu label="Layers" icon={<LayersIcon />}>
      {() =>
        ELEMENT_TYPES.map((type) => {
          const shown = isLayerShown(props.layers, type, props.zoom);
          return (
            <MenuItem key={type} dense onClick={() => props.onChange(toggleLayer(props.layers, type, props.zoom))}>
              <Checkbox size="small" checked={shown} slotProps={{ input: { 'aria-label': ELEMENT_TYPE_LABELS[type] } }} />
              <ListItemText
                primary={ELEMENT_TYPE_LABELS[type]}
                secondary={type === 'text' && !props.layers.textAlways ? 'Shown from 200 %' : undefined}
              />
            </MenuItem>
          );
        })
      }
    </ToolbarMenu>
  );
}
