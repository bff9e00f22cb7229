import type { BoundingBox, Connection, DrawingElement } from '@pid/contracts';
import { memo } from 'react';
import { endId } from '../api/connections';
import { followElement } from '../geometry/path-follow';
import { segmentsToPath } from '../geometry/routing';
import { connectionSegments, connectionStyle, OVERLAY_COLORS } from './overlay-style';

/*
 * The overlay's thousands of SVG nodes. Each row is memoised on plain values and each layer on its
 * inputs, so zooming, panning and hovering never re-render them: zoom only rescales the SVG viewBox,
 * and hover is a CSS rule (see OVERLAY_HOVER_STYLES).
 */

/** Hover highlight (spec §4: blue when highlighted) as CSS, so moving the pointer costs no React work. */
export const OVERLAY_HOVER_STYLES = {
  '& [data-connection-id]:not([data-selected]):hover > [data-line]': { stroke: OVERLAY_COLORS.highlighted },
  '& [data-element-id]:not([data-role]):hover': { stroke: OVERLAY_COLORS.highlighted, strokeOpacity: 1 },
} as const;

/** Unselected boxes let the drawing show through (the stroke stays 1.5 screen pixels at every zoom). */
const BOX_STROKE_OPACITY = 0.65;

const ConnectionPath = memo(function ConnectionPath(props: {
  id: string;
  d: string;
  stroke: string;
  strokeWidth: number;
  dashed: boolean;
  selected: boolean;
  opacity: number;
}) {
  return (
    <g data-connection-id={props.id} data-selected={props.selected || undefined}>
      <path d={props.d} stroke="transparent" strokeWidth={12} fill="none" vectorEffect="non-scaling-stroke" />
      <path
        d={props.d}
        data-line
        data-testid={`connection-${props.id}`}
        stroke={props.stroke}
        strokeWidth={props.strokeWidth}
        strokeDasharray={props.dashed ? '6 4' : undefined}
        strokeOpacity={props.opacity}
        fill="none"
        vectorEffect="non-scaling-stroke"
      />
    </g>
  );
});

export const ConnectionLayer = memo(function ConnectionLayer(props: {
  connections: Connection[];
  elementsById: Map<string, DrawingElement>;
  selectedElementId: string | null;
  selectedConnectionId: string | null;
  /** An element being dragged: its connections' ends follow it. */
  dragBox?: { id: string; box: BoundingBox } | null;
}) {
  const { elementsById, selectedElementId, dragBox } = props;
  const dragged = dragBox ? elementsById.get(dragBox.id) : undefined;
  const segmentsOf = (connection: Connection) => {
    const segments = connectionSegments(connection, elementsById);
    if (!dragBox || !dragged || !connection.metadata?.path_data?.path?.length) return segments;
    if (endId(connection.source) === dragBox.id) return followElement(segments, 'source', dragged.boundingBox, dragBox.box);
    if (endId(connection.target) === dragBox.id) return followElement(segments, 'target', dragged.boundingBox, dragBox.box);
    return segments;
  };
  return (
    <g>
      {props.connections.map((connection) => {
        const highlighted =
          selectedElementId !== null && (endId(connection.source) === selectedElementId || endId(connection.target) === selectedElementId);
        const selected = connection._id === props.selectedConnectionId;
        const style = connectionStyle(connection, elementsById, highlighted, selected);
        return (
          <ConnectionPath
            key={connection._id}
            id={connection._id}
            d={segmentsToPath(segmentsOf(connection))}
            stroke={style.stroke}
            strokeWidth={style.strokeWidth}
            dashed={style.dashed}
            opacity={style.opacity}
            selected={selected}
          />
        );
      })}
    </g>
  );
});

const ElementBox = memo(function ElementBox(props: {
  element: DrawingElement;
  box: BoundingBox;
  stroke: string;
  selected: boolean;
  role: 'source' | 'target' | undefined;
  cursor: string;
}) {
  const { element, box } = props;
  return (
    <rect
      data-element-id={element._id}
      data-testid={`element-${element._id}`}
      data-role={props.role}
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      fill={props.stroke}
      fillOpacity={props.selected || props.role ? 0.15 : 0.05}
      stroke={props.stroke}
      strokeOpacity={props.selected || props.role ? 1 : BOX_STROKE_OPACITY}
      strokeWidth={props.selected || props.role ? 2.5 : 1.5}
      vectorEffect="non-scaling-stroke"
      style={{ cursor: props.cursor }}
    />
  );
});

export const ElementLayer = memo(function ElementLayer(props: {
  elements: DrawingElement[];
  selectedElementId: string | null;
  /** The pipe's source while drawing one, or the selected connection's ends. */
  sourceId: string | null;
  targetId: string | null;
  dragBox: { id: string; box: BoundingBox } | null;
  cursor: string;
}) {
  const { selectedElementId, sourceId, targetId, dragBox } = props;
  return (
    <g>
      {props.elements.map((element) => {
        const selected = element._id === selectedElementId;
        const role = element._id === sourceId ? 'source' : element._id === targetId ? 'target' : undefined;
        const stroke = role
          ? OVERLAY_COLORS[role]
          : selected
            ? OVERLAY_COLORS.highlighted
            : element.confirmed
              ? OVERLAY_COLORS.confirmed
              : OVERLAY_COLORS.unconfirmed;
        return (
          <ElementBox
            key={element._id}
            element={element}
            box={dragBox?.id === element._id ? dragBox.box : element.boundingBox}
            stroke={stroke}
            selected={selected}
            role={role}
            cursor={props.cursor}
          />
        );
      })}
    </g>
  );
});

/** The resize handle's side on screen. */
export const RESIZE_HANDLE_PX = 10;

/** The selected box's bottom-right corner handle; `size` is in image pixels (RESIZE_HANDLE_PX on screen). */
export function ResizeHandle(props: { id: string; box: BoundingBox; size: number }) {
  const { box, size } = props;
  return (
    <rect
      data-resize-id={props.id}
      data-testid={`resize-${props.id}`}
      aria-label="Resize"
      x={box.x + box.width - size / 2}
      y={box.y + box.height - size / 2}
      width={size}
      height={size}
      fill={OVERLAY_COLORS.highlighted}
      stroke="#fff"
      strokeWidth={1}
      vectorEffect="non-scaling-stroke"
      style={{ cursor: 'nwse-resize' }}
    />
  );
}
