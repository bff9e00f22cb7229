import type { BoundingBox, Connection, DrawingElement, PathSegment } from '@pid/contracts';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type Dispatch, type PointerEvent as ReactPointerEvent, type SetStateAction } from 'react';
import { endId } from '../api/connections';
import { exceedsDragThreshold, moveBox } from '../geometry/drag';
import type { Point, Size } from '../geometry/mapping';
import { screenToImage } from '../geometry/mapping';
import { boxCenter } from '../geometry/placement';
import { orthogonalRoute, segmentsToPath, snapOrthogonal } from '../geometry/routing';
import { doubleClickZoom, wheelZoom } from '../geometry/zoom';

export type ViewerMode = 'normal' | 'add-element' | 'add-connection';

export type Selection = { kind: 'element'; id: string } | { kind: 'connection'; id: string } | null;

/** Overlay colours of spec §4 "Elements and connections". */
export const OVERLAY_COLORS = {
  highlighted: '#1976d2',
  confirmed: '#2e7d32',
  unconfirmed: '#d32f2f',
  selectedPath: '#ff9800',
  source: '#9c27b0',
  target: '#00838f',
} as const;

export interface DrawingCanvasProps {
  imageUrl: string;
  imageSize: Size;
  elements: DrawingElement[];
  connections: Connection[];
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
  mode: ViewerMode;
  showAll: boolean;
  showPipes: boolean;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onAddElement: (point: Point) => void;
  onMoveElement: (id: string, box: BoundingBox) => void;
  onCreateConnection: (sourceId: string, targetId: string, path: PathSegment[]) => void;
}

interface DragState {
  id: string;
  start: Point;
  origin: BoundingBox;
  started: boolean;
}

/** The path of a connection: the stored route, or an orthogonal one between the two element centres. */
export function connectionSegments(connection: Connection, elementsById: Map<string, DrawingElement>): PathSegment[] {
  const stored = connection.metadata?.path_data?.path;
  if (stored && stored.length > 0) return stored;
  const source = elementsById.get(endId(connection.source));
  const target = elementsById.get(endId(connection.target));
  if (!source || !target) return [];
  return orthogonalRoute(boxCenter(source.boundingBox), [], boxCenter(target.boundingBox));
}

export function connectionStyle(
  connection: Connection,
  elementsById: Map<string, DrawingElement>,
  highlighted: boolean,
  selected: boolean,
) {
  const source = elementsById.get(endId(connection.source));
  const target = elementsById.get(endId(connection.target));
  const dashed = !source?.confirmed || !target?.confirmed;
  if (selected) return { stroke: OVERLAY_COLORS.selectedPath, strokeWidth: 4, dashed };
  const stroke = highlighted ? OVERLAY_COLORS.highlighted : connection.confirmed ? OVERLAY_COLORS.confirmed : OVERLAY_COLORS.unconfirmed;
  return { stroke, strokeWidth: 2, dashed };
}

export function DrawingCanvas(props: DrawingCanvasProps) {
  const { imageSize, elements, connections, zoom, setZoom, mode, selection, onSelect } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const dragRef = useRef<DragState | null>(null);
  const [dragBox, setDragBox] = useState<{ id: string; box: BoundingBox } | null>(null);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [waypoints, setWaypoints] = useState<Point[]>([]);
  const [hoverId, setHoverId] = useState<string | null>(null);

  const elementsById = new Map(elements.map((element) => [element._id, element]));

  // Leaving pipe-drawing mode drops the half-drawn pipe.
  const [previousMode, setPreviousMode] = useState(mode);
  if (previousMode !== mode) {
    setPreviousMode(mode);
    setSourceId(null);
    setWaypoints([]);
  }

  // Ctrl/Cmd + wheel zooms; the listener must not be passive to keep the page from scrolling.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((current) => wheelZoom(current, event.deltaY));
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, [setZoom]);

  /** A point in client (viewport) coordinates → image coordinates. */
  const toImage = (client: Point): Point => {
    const rect = svgRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return screenToImage({ x: client.x - rect.left, y: client.y - rect.top }, imageSize, { width: rect.width, height: rect.height });
  };

  const elementIdOf = (target: EventTarget | null) =>
    (target instanceof Element ? target.closest('[data-element-id]')?.getAttribute('data-element-id') : null) ?? null;
  const connectionIdOf = (target: EventTarget | null) =>
    (target instanceof Element ? target.closest('[data-connection-id]')?.getAttribute('data-connection-id') : null) ?? null;

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (mode !== 'normal' || event.button !== 0) return;
    const id = elementIdOf(event.target);
    const element = id ? elementsById.get(id) : undefined;
    if (!element) return;
    dragRef.current = { id: element._id, start: { x: event.clientX, y: event.clientY }, origin: element.boundingBox, started: false };
    svgRef.current?.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    const current = { x: event.clientX, y: event.clientY };
    if (!drag.started && !exceedsDragThreshold(drag.start, current)) return;
    drag.started = true;
    const from = toImage(drag.start);
    const to = toImage(current);
    setDragBox({ id: drag.id, box: moveBox(drag.origin, { x: to.x - from.x, y: to.y - from.y }) });
  };

  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (drag) {
      if (drag.started && dragBox) props.onMoveElement(drag.id, dragBox.box);
      else onSelect({ kind: 'element', id: drag.id });
      setDragBox(null);
      return;
    }
    const point = toImage({ x: event.clientX, y: event.clientY });
    const elementId = elementIdOf(event.target);
    if (mode === 'add-element') {
      props.onAddElement(point);
      return;
    }
    if (mode === 'add-connection') {
      if (elementId && !sourceId) {
        setSourceId(elementId);
      } else if (elementId && sourceId && elementId !== sourceId) {
        const source = elementsById.get(sourceId);
        const target = elementsById.get(elementId);
        if (source && target)
          props.onCreateConnection(
            sourceId,
            elementId,
            orthogonalRoute(boxCenter(source.boundingBox), waypoints, boxCenter(target.boundingBox)),
          );
        setSourceId(null);
        setWaypoints([]);
      } else if (!elementId && sourceId) {
        const source = elementsById.get(sourceId);
        const previous = waypoints.at(-1) ?? (source ? boxCenter(source.boundingBox) : point);
        setWaypoints([...waypoints, snapOrthogonal(previous, point)]);
      }
      return;
    }
    const connectionId = connectionIdOf(event.target);
    if (connectionId) onSelect({ kind: 'connection', id: connectionId });
    else if (!elementId) onSelect(null);
  };

  const selectedElementId = selection?.kind === 'element' ? selection.id : null;
  const selectedConnectionId = selection?.kind === 'connection' ? selection.id : null;
  const visibleElements = props.showAll
    ? elements
    : elements.filter((element) => element._id === selectedElementId || element._id === sourceId);
  const strokeFor = (element: DrawingElement) => {
    if (element._id === sourceId) return OVERLAY_COLORS.source;
    if (element._id === selectedElementId || element._id === hoverId) return OVERLAY_COLORS.highlighted;
    return element.confirmed ? OVERLAY_COLORS.confirmed : OVERLAY_COLORS.unconfirmed;
  };
  const source = sourceId ? elementsById.get(sourceId) : undefined;

  return (
    <Box
      ref={containerRef}
      data-testid="viewer-canvas"
      sx={{ overflow: 'auto', height: '100%', bgcolor: 'grey.100', position: 'relative' }}
    >
      <Box sx={{ position: 'relative', width: `${zoom * 100}%`, lineHeight: 0 }} data-testid="zoom-layer">
        <img
          src={props.imageUrl}
          alt="Drawing"
          style={{ width: '100%', height: 'auto', display: 'block', userSelect: 'none' }}
          draggable={false}
        />
        <svg
          ref={svgRef}
          data-testid="overlay"
          viewBox={`0 0 ${imageSize.width} ${imageSize.height}`}
          preserveAspectRatio="none"
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            cursor: mode === 'normal' ? 'default' : 'crosshair',
            touchAction: 'none',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onDoubleClick={(event) =>
            mode === 'normal' && !elementIdOf(event.target) && setZoom((current) => doubleClickZoom(current, event.shiftKey))
          }
        >
          <rect x={0} y={0} width={imageSize.width} height={imageSize.height} fill="transparent" />
          {props.showPipes
            ? connections.map((connection) => {
                const segments = connectionSegments(connection, elementsById);
                const highlighted =
                  hoverId === connection._id ||
                  (selectedElementId !== null && [endId(connection.source), endId(connection.target)].includes(selectedElementId));
                const style = connectionStyle(connection, elementsById, highlighted, connection._id === selectedConnectionId);
                return (
                  <g
                    key={connection._id}
                    data-connection-id={connection._id}
                    onPointerEnter={() => setHoverId(connection._id)}
                    onPointerLeave={() => setHoverId(null)}
                  >
                    <path
                      d={segmentsToPath(segments)}
                      stroke="transparent"
                      strokeWidth={12}
                      fill="none"
                      vectorEffect="non-scaling-stroke"
                    />
                    <path
                      d={segmentsToPath(segments)}
                      data-testid={`connection-${connection._id}`}
                      stroke={style.stroke}
                      strokeWidth={style.strokeWidth}
                      strokeDasharray={style.dashed ? '6 4' : undefined}
                      fill="none"
                      vectorEffect="non-scaling-stroke"
                    />
                  </g>
                );
              })
            : null}
          {source && mode === 'add-connection' ? (
            <path
              d={segmentsToPath(
                orthogonalRoute(boxCenter(source.boundingBox), waypoints.slice(0, -1), waypoints.at(-1) ?? boxCenter(source.boundingBox)),
              )}
              stroke={OVERLAY_COLORS.source}
              strokeWidth={2}
              strokeDasharray="4 3"
              fill="none"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          {visibleElements.map((element) => {
            const box = dragBox?.id === element._id ? dragBox.box : element.boundingBox;
            return (
              <rect
                key={element._id}
                data-element-id={element._id}
                data-testid={`element-${element._id}`}
                x={box.x}
                y={box.y}
                width={box.width}
                height={box.height}
                fill={element._id === selectedElementId ? 'rgba(25,118,210,0.15)' : 'rgba(255,255,255,0.01)'}
                stroke={strokeFor(element)}
                strokeWidth={element._id === selectedElementId ? 3 : 2}
                vectorEffect="non-scaling-stroke"
                style={{ cursor: mode === 'normal' ? 'move' : 'pointer' }}
                onPointerEnter={() => setHoverId(element._id)}
                onPointerLeave={() => setHoverId(null)}
              >
                <title>{element.name || element.elementType}</title>
              </rect>
            );
          })}
        </svg>
      </Box>
    </Box>
  );
}
