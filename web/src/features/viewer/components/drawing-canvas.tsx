import type { BoundingBox, Connection, DrawingElement, PathSegment } from '@pid/contracts';
import Box from '@mui/material/Box';
import { useEffect, useMemo, useRef, useState, type Dispatch, type PointerEvent as ReactPointerEvent, type SetStateAction } from 'react';
import { endId } from '../api/connections';
import { exceedsDragThreshold, moveBox, resizeBox } from '../geometry/drag';
import type { Point, Size } from '../geometry/mapping';
import { screenToImage } from '../geometry/mapping';
import { boxCenter } from '../geometry/placement';
import { orthogonalRoute, segmentsToPath, snapOrthogonal } from '../geometry/routing';
import { doubleClickZoom, wheelZoom } from '../geometry/zoom';
import { DEFAULT_LAYERS, TEXT_LAYER_ZOOM, visibleByLayer, type LayerState } from './layer-menu';
import { ConnectionLayer, ElementLayer, OVERLAY_HOVER_STYLES, RESIZE_HANDLE_PX, ResizeHandle } from './overlay-layers';
import type { LiveZoom } from './live-zoom';
import { OVERLAY_COLORS } from './overlay-style';
import { useCanvasView, type CanvasFocus } from './use-canvas-view';
import { useGestureZoom } from './use-gesture-zoom';
import { usePinchZoom } from './use-pinch-zoom';

export { connectionSegments, connectionStyle, OVERLAY_COLORS } from './overlay-style';

export type ViewerMode = 'normal' | 'add-element' | 'add-connection';

export type Selection = { kind: 'element'; id: string } | { kind: 'connection'; id: string } | null;

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
  /** A drag or a resize (the selected box's corner handle) ended with `box`. */
  onMoveElement: (id: string, box: BoundingBox) => void;
  onCreateConnection: (sourceId: string, targetId: string, path: PathSegment[]) => void;
  /** Element types drawn (default: all, text from 200 %). */
  layers?: LayerState;
  /** An element to bring into the middle of the view. */
  focus?: CanvasFocus | null;
  /** Follows the zoom shown, step by step during a wheel or pinch gesture. */
  liveZoom?: LiveZoom;
  /** Told the zoom that fits the whole sheet, and again when the view changes size. */
  onFitZoom?: (zoom: number) => void;
}

interface DragState {
  id: string;
  start: Point;
  origin: BoundingBox;
  started: boolean;
  /** Dragging the selected box's corner handle: a resize, not a move. */
  resize: boolean;
}

export function DrawingCanvas(props: DrawingCanvasProps) {
  const { imageSize, elements, connections, zoom, setZoom, mode, selection, onSelect } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  // React types an SVG <title> as the HTML one.
  const titleRef = useRef<HTMLTitleElement>(null);
  const dragRef = useRef<DragState | null>(null);
  const [dragBox, setDragBox] = useState<{ id: string; box: BoundingBox } | null>(null);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [waypoints, setWaypoints] = useState<Point[]>([]);

  const elementsById = useMemo(() => new Map(elements.map((element) => [element._id, element])), [elements]);

  // Leaving pipe-drawing mode drops the half-drawn pipe.
  const [previousMode, setPreviousMode] = useState(mode);
  if (previousMode !== mode) {
    setPreviousMode(mode);
    setSourceId(null);
    setWaypoints([]);
  }

  const { requestedZoom, layerRef, laidOutZoom, zoomAbout } = useGestureZoom({ containerRef, zoom, setZoom, liveZoom: props.liveZoom });

  // Ctrl/Cmd + wheel zooms about the cursor; the listener must not be passive to keep the page from scrolling.
  const wheelRef = useRef<(event: WheelEvent) => void>(() => undefined);
  wheelRef.current = (event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomAbout(wheelZoom(requestedZoom.current, event.deltaY), { x: event.clientX, y: event.clientY });
  };
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onWheel = (event: WheelEvent) => wheelRef.current(event);
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, []);

  const pinch = usePinchZoom({
    getZoom: () => requestedZoom.current,
    zoomAbout,
    panBy: (delta) => containerRef.current?.scrollBy?.(delta.x, delta.y),
    onPinchStart: () => {
      dragRef.current = null;
      setDragBox(null);
    },
  });

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
    if (mode !== 'normal' || event.button !== 0 || pinch.isPinching()) return;
    const resizeId = event.target instanceof Element ? event.target.closest('[data-resize-id]')?.getAttribute('data-resize-id') : null;
    const id = resizeId ?? elementIdOf(event.target);
    const element = id ? elementsById.get(id) : undefined;
    if (!element) return;
    const start = { x: event.clientX, y: event.clientY };
    dragRef.current = { id: element._id, start, origin: element.boundingBox, started: false, resize: Boolean(resizeId) };
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
    const delta = { x: to.x - from.x, y: to.y - from.y };
    setDragBox({ id: drag.id, box: drag.resize ? resizeBox(drag.origin, delta) : moveBox(drag.origin, delta) });
  };

  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (pinch.isPinching()) return;
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
  // A selected connection shows its ends in the source and target colours.
  const selectedConnection = selectedConnectionId ? connections.find((item) => item._id === selectedConnectionId) : undefined;
  const endsSourceId = sourceId ?? (selectedConnection ? endId(selectedConnection.source) : null);
  const endsTargetId = selectedConnection && !sourceId ? endId(selectedConnection.target) : null;
  const layers = props.layers ?? DEFAULT_LAYERS;
  // Only crossing the text layer's zoom changes what is drawn: other zoom steps keep the same list, so
  // the thousands of boxes are not compared again.
  const layerZoom = laidOutZoom >= TEXT_LAYER_ZOOM ? TEXT_LAYER_ZOOM : 1;
  const visibleElements = useMemo(() => {
    const pinned = [selectedElementId, endsSourceId, endsTargetId];
    if (!props.showAll) return elements.filter((element) => pinned.includes(element._id));
    const layered = visibleByLayer(elements, layers, layerZoom);
    const missing =
      layered.length === elements.length ? [] : elements.filter((element) => pinned.includes(element._id) && !layered.includes(element));
    return missing.length > 0 ? [...layered, ...missing] : layered;
  }, [props.showAll, elements, layers, layerZoom, selectedElementId, endsSourceId, endsTargetId]);
  useCanvasView({
    containerRef,
    imageSize,
    zoom: laidOutZoom,
    focus: props.focus,
    focusBox: props.focus ? elementsById.get(props.focus.id)?.boundingBox : undefined,
    onFitZoom: props.onFitZoom,
  });
  const source = sourceId ? elementsById.get(sourceId) : undefined;
  const selectedElement = selectedElementId ? elementsById.get(selectedElementId) : undefined;

  return (
    <Box
      ref={containerRef}
      data-testid="viewer-canvas"
      sx={{ overflow: 'auto', height: '100%', bgcolor: 'grey.100', position: 'relative', touchAction: 'none' }}
      {...pinch.handlers}
    >
      <Box
        ref={layerRef}
        data-testid="zoom-layer"
        // Its own compositing layer, so a gesture's transform never re-rasters it.
        sx={{ position: 'relative', lineHeight: 0, transformOrigin: '0 0', willChange: 'transform' }}
        // Inline, not sx: a new zoom must not add a style rule, which would restyle every overlay node.
        style={{ width: `${laidOutZoom * 100}%` }}
      >
        <img
          src={props.imageUrl}
          alt="Drawing"
          style={{ width: '100%', height: 'auto', display: 'block', userSelect: 'none' }}
          draggable={false}
        />
        <Box
          component="svg"
          ref={svgRef}
          data-testid="overlay"
          viewBox={`0 0 ${imageSize.width} ${imageSize.height}`}
          preserveAspectRatio="none"
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            cursor: mode === 'normal' ? 'default' : 'crosshair',
            touchAction: 'none',
            ...OVERLAY_HOVER_STYLES,
          }}
          onPointerOver={(event) => {
            // One title for the whole overlay, naming the box under the pointer: a title per box
            // would add thousands of nodes to lay out when the viewer opens.
            const element = elementsById.get(elementIdOf(event.target) ?? '');
            if (titleRef.current) titleRef.current.textContent = element ? element.name || element.elementType : '';
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onDoubleClick={(event) =>
            mode === 'normal' && !elementIdOf(event.target) && setZoom((current) => doubleClickZoom(current, event.shiftKey))
          }
        >
          <title ref={titleRef} />
          <rect x={0} y={0} width={imageSize.width} height={imageSize.height} fill="transparent" />
          {props.showPipes ? (
            <ConnectionLayer
              connections={connections}
              elementsById={elementsById}
              selectedElementId={selectedElementId}
              selectedConnectionId={selectedConnectionId}
              dragBox={dragBox}
            />
          ) : null}
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
          <ElementLayer
            elements={visibleElements}
            selectedElementId={selectedElementId}
            sourceId={endsSourceId}
            targetId={endsTargetId}
            dragBox={dragBox}
            cursor={mode === 'normal' ? 'move' : 'pointer'}
          />
          {selectedElement && mode === 'normal' ? (
            <ResizeHandle
              id={selectedElement._id}
              box={dragBox?.id === selectedElement._id ? dragBox.box : selectedElement.boundingBox}
              size={
                (RESIZE_HANDLE_PX * imageSize.width) / Math.max(1, (containerRef.current?.clientWidth ?? imageSize.width) * laidOutZoom)
              }
            />
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
