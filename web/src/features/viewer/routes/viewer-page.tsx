import type { Connection, DrawingElement } from '@pid/contracts';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { drawingPath } from '../../../config/route-paths';
import { useStableCallbacks } from '../../../lib/use-stable-callbacks';
import { exportDrawing } from '../../../lib/drawing-export';
import { useConnections } from '../api/connections';
import { useDrawing } from '../api/get-drawing';
import { UnsupportedFileTypeError, useDrawingImage } from '../api/get-drawing-image';
import { useElements } from '../api/elements';
import { ConnectionDialog } from '../components/connection-dialog';
import { DrawingCanvas, type Selection, type ViewerMode } from '../components/drawing-canvas';
import { DEFAULT_LAYERS, type LayerState } from '../components/layer-menu';
import { createLiveZoom } from '../components/live-zoom';
import { ModeHint } from '../components/mode-hint';
import { offPageContinuations, type Continuation } from '../components/off-page-continuation';
import { PageSource } from '../components/page-source';
import { PageSwitcher } from '../components/page-switcher';
import { ConfirmDeleteDialog } from '../../../components/feedback/confirm-delete-dialog';
import { ViewerSidebar, type ViewerSidebarActions } from '../components/viewer-sidebar';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { SidebarPanel } from '../components/sidebar-panel';
import type { CanvasFocus } from '../components/use-canvas-view';
import { ViewerToast, type Toast } from '../components/viewer-toast';
import { ViewerToolbar } from '../components/viewer-toolbar';
import { isTextField } from '../editing/edit-history';
import type { Size } from '../geometry/mapping';
import { BUTTON_ZOOM_STEP, zoomBy } from '../geometry/zoom';
import { ReviewBar } from '../review/review-bar';
import { reviewProgress } from '../review/review-queue';
import { focusRequest, useReviewMode } from '../review/use-review-mode';
import { useViewerEdits } from './use-viewer-edits';
import { useNaturalSize, useObjectUrl, useViewerPage, useViewerProcessingPoll } from './viewer-hooks';
import { VIEWER_MESSAGES } from './viewer-messages';

export { VIEWER_MESSAGES } from './viewer-messages';

type PendingDelete = { kind: 'element'; item: DrawingElement } | { kind: 'connection'; item: Connection } | null;

/** `/drawing/:id?page=N&element=E`: the viewer, fresh for each drawing (its selection and undo history are the drawing's own). */
export function ViewerPage() {
  const { id = '' } = useParams();
  return <DrawingViewer key={id} id={id} />;
}

function DrawingViewer({ id }: { id: string }) {
  const navigate = useNavigate();
  const drawing = useDrawing(id);
  const pageSizes = drawing.data?.metadata?.pages;
  const pageCount = Math.max(1, drawing.data?.metadata?.pageCount ?? pageSizes?.length ?? 1);
  const pageSources = drawing.data?.metadata?.pageSources;
  const { page, setPage, arrivalElement } = useViewerPage(pageCount);
  const pageSource = pageSources?.[page - 1];
  // A drawing of one page keeps the plain `/file` address; each page of a longer one is its own image.
  const image = useDrawingImage(id, pageCount > 1 ? page : undefined);
  const elements = useElements(id);
  const connections = useConnections(id);
  const imageUrl = useObjectUrl(image.data);
  const [zoom, setZoom] = useState(1);
  const [liveZoom] = useState(() => createLiveZoom(1));
  /** A button's zoom: from the zoom shown (a wheel or pinch may be ahead of the state), and it ends such a gesture. */
  const zoomTo = (next: number) => {
    liveZoom.set(next);
    setZoom(next);
  };
  const [fit, setFit] = useState<number | null>(null);
  const [layers, setLayers] = useState<LayerState>(DEFAULT_LAYERS);
  const [focus, setFocus] = useState<CanvasFocus | null>(null);
  const [mode, setMode] = useState<ViewerMode>('normal');
  const [showAll, setShowAll] = useState(true);
  const [showPipes, setShowPipes] = useState(true);
  const [maximised, setMaximised] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [selection, setSelection] = useState<Selection>(arrivalElement ? { kind: 'element', id: arrivalElement } : null);
  const [editingConnection, setEditingConnection] = useState<Connection | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const notify = (severity: AlertColor, text: string) => setToast({ key: Date.now(), severity, text });
  useViewerProcessingPoll(id, drawing.data, notify);

  // Keyboard shortcuts; the handler is refreshed every render so it sees the current lists.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const naturalSize = useNaturalSize(imageUrl);

  const elementList = useMemo(() => elements.data ?? [], [elements.data]);
  const connectionList = useMemo(() => connections.data ?? [], [connections.data]);
  // The page's items: its elements, the connections drawn on it, and the off-page links that reach it.
  const pageElements = useMemo(() => elementList.filter((element) => (element.page ?? 1) === page), [elementList, page]);
  const pageConnections = useMemo(
    () => connectionList.filter((connection) => (connection.page ?? 1) === page || connection.metadata?.pages?.includes(page)),
    [connectionList, page],
  );
  // An off-page link has no route on either page: the sidebar lists it, the overlay has nothing to draw.
  const drawnConnections = useMemo(() => pageConnections.filter((connection) => !connection.metadata?.off_page_link), [pageConnections]);
  const continuations = useMemo(() => offPageContinuations(elementList, connectionList), [elementList, connectionList]);
  const imageSize: Size = pageSizes?.[page - 1] ??
    (page === 1 ? drawing.data?.metadata?.image_size : undefined) ??
    naturalSize ?? { width: 1000, height: 1000 };
  const showPage = (next: number, select: Selection = null) => {
    setPage(next);
    setSelection(select);
    setMode('normal');
  };
  const followContinuation = (continuation: Continuation) => {
    if (continuation.drawing) {
      navigate(
        `${drawingPath(continuation.drawing)}?${new URLSearchParams({ page: String(continuation.page), element: continuation.element })}`,
      );
    } else showPage(continuation.page, { kind: 'element', id: continuation.element });
  };

  const edits = useViewerEdits({
    id,
    page,
    elements: elementList,
    connections: connectionList,
    imageWidth: imageSize.width,
    notify,
    selection,
    setSelection,
    onCreated: () => setMode('normal'),
  });
  const review = useReviewMode({
    elements: pageElements,
    confirm: (element) => void edits.changeElement(element, { confirmed: true }),
    remove: (element) => void edits.deleteElement(element, true),
    retype: (element, elementType) => void edits.changeElement(element, { elementType }),
    setSelection,
    setFocus,
    setZoom,
    onStart: () => setMode('normal'),
  });
  const onFitZoom = (next: number) => {
    // The first view shows the whole sheet.
    if (fit === null) setZoom(next);
    setFit(next);
  };
  const exportAs = (format: 'csv' | 'xlsx' | 'json') =>
    exportDrawing({ id, format }).catch((error: unknown) => {
      console.error('Export failed', error);
      notify('error', VIEWER_MESSAGES.exportFailed);
    });

  const deleteSelection = () => {
    if (!selection) return;
    if (selection.kind === 'element') {
      const item = elementList.find((element) => element._id === selection.id);
      if (item) setPendingDelete({ kind: 'element', item });
    } else {
      const item = connectionList.find((connection) => connection._id === selection.id);
      if (item) setPendingDelete({ kind: 'connection', item });
    }
  };
  keyHandler.current = (event: KeyboardEvent) => {
    if (isTextField(event.target)) return;
    const dialogOpen = Boolean(pendingDelete || editingConnection || shortcutsOpen);
    if (!dialogOpen && review.onKey(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape') {
      setMode('normal');
      return;
    }
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'z') {
      if (dialogOpen) return;
      event.preventDefault();
      if (event.shiftKey) edits.redo();
      else edits.undo();
    } else if (event.key === '?' && !event.ctrlKey && !event.metaKey) {
      setShortcutsOpen(true);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && !dialogOpen) {
      deleteSelection();
    }
  };

  const sidebarActions = useStableCallbacks<ViewerSidebarActions>({
    onSelect: (next) => {
      setSelection(next);
      if (next?.kind === 'element') setFocus(focusRequest(next.id));
    },
    onSaveElement: (element) => void edits.saveElement(element),
    onToggleElement: (element) => void edits.saveElement({ ...element, confirmed: !element.confirmed }),
    onDeleteElement: (item) => setPendingDelete({ kind: 'element', item }),
    onSaveConnection: edits.saveConnection,
    onToggleConnection: (connection) => edits.saveConnection({ ...connection, confirmed: !connection.confirmed }),
    onDeleteConnection: (item) => setPendingDelete({ kind: 'connection', item }),
    onEditConnection: setEditingConnection,
    onConfirmAll: (items, links) => {
      items.forEach((element) => void edits.saveElement({ ...element, confirmed: true }));
      links.forEach((connection) => edits.saveConnection({ ...connection, confirmed: true }));
    },
    onFollowContinuation: followContinuation,
  });

  const confirmDelete = () => {
    if (!pendingDelete) return;
    if (pendingDelete.kind === 'element') void edits.deleteElement(pendingDelete.item);
    else edits.deleteConnection(pendingDelete.item);
    setEditingConnection(null);
    setPendingDelete(null);
  };

  if (drawing.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading drawing" />
      </Box>
    );
  }
  if (drawing.isError || elements.isError || connections.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">{VIEWER_MESSAGES.loadFailed}</Alert>
      </Box>
    );
  }

  const current = drawing.data;
  const imageError = image.error
    ? image.error instanceof UnsupportedFileTypeError
      ? image.error.message
      : `${VIEWER_MESSAGES.imageError} ${image.error.message}`
    : null;
  const progress = current.metadata?.processingProgress;

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: maximised ? 0 : 2,
        height: maximised ? '100vh' : 'calc(100vh - 64px)',
        ...(maximised ? { position: 'fixed', inset: 0, zIndex: 1300, bgcolor: 'background.default' } : {}),
      }}
    >
      <ViewerToolbar
        name={current.name}
        showAll={showAll}
        showPipes={showPipes}
        mode={mode}
        elementCount={pageElements.length}
        zoom={zoom}
        liveZoom={liveZoom}
        maximised={maximised}
        onShowAll={setShowAll}
        onShowPipes={setShowPipes}
        onMode={setMode}
        onZoomIn={() => zoomTo(zoomBy(liveZoom.get(), BUTTON_ZOOM_STEP))}
        onZoomOut={() => zoomTo(zoomBy(liveZoom.get(), -BUTTON_ZOOM_STEP))}
        onZoomReset={() => zoomTo(1)}
        onFit={() => zoomTo(fit ?? 1)}
        layers={layers}
        onLayers={setLayers}
        reviewing={review.active}
        onReview={review.toggle}
        onExport={(format) => void exportAs(format)}
        onMaximise={() => setMaximised(!maximised)}
        onShortcuts={() => setShortcutsOpen(true)}
      />
      {current.status === 'processing' ? (
        <Alert severity="info" icon={<CircularProgress size={20} />}>
          {current.processingMessage || 'Processing drawing...'}
          {typeof progress === 'number' ? ` (${Math.round(progress)}%)` : ''}
        </Alert>
      ) : null}
      {pageCount > 1 || pageSource ? (
        <Stack direction="row" alignItems="center" spacing={2}>
          {pageCount > 1 ? <PageSwitcher page={page} pageCount={pageCount} onPage={(next) => showPage(next)} /> : null}
          {pageSource ? <PageSource source={pageSource} /> : null}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexGrow: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden', position: 'relative' }}>
          <ModeHint mode={mode} />
          {review.active ? (
            <ReviewBar
              current={review.current}
              progress={reviewProgress(pageElements)}
              pickingType={review.pickingType}
              onClose={review.stop}
            />
          ) : null}
          {imageError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {imageError}
            </Alert>
          ) : imageUrl ? (
            <DrawingCanvas
              imageUrl={imageUrl}
              imageSize={imageSize}
              elements={pageElements}
              connections={drawnConnections}
              zoom={zoom}
              setZoom={setZoom}
              liveZoom={liveZoom}
              mode={mode}
              showAll={showAll}
              showPipes={showPipes}
              selection={selection}
              onSelect={setSelection}
              onAddElement={edits.addElement}
              onMoveElement={edits.moveElement}
              onCreateConnection={edits.createConnection}
              layers={layers}
              focus={focus}
              onFitZoom={onFitZoom}
            />
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
              <CircularProgress aria-label="Loading image" />
            </Box>
          )}
        </Paper>
        <SidebarPanel open={sidebarOpen} onToggle={() => setSidebarOpen(!sidebarOpen)}>
          <ViewerSidebar
            elements={pageElements}
            connections={pageConnections}
            allElements={elementList}
            continuations={continuations}
            selection={selection}
            actions={sidebarActions}
          />
        </SidebarPanel>
      </Stack>

      {editingConnection ? (
        <ConnectionDialog
          connection={editingConnection}
          elements={pageElements}
          onClose={() => setEditingConnection(null)}
          onSave={(changes) => {
            edits.saveConnection({ ...editingConnection, ...changes });
            setEditingConnection(null);
          }}
          onDelete={() => setPendingDelete({ kind: 'connection', item: editingConnection })}
          onToggleConfirmed={() => {
            edits.saveConnection({ ...editingConnection, confirmed: !editingConnection.confirmed });
            setEditingConnection(null);
          }}
        />
      ) : null}
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      {pendingDelete ? (
        <ConfirmDeleteDialog
          title={pendingDelete.kind === 'element' ? 'Delete Element' : 'Delete Connection'}
          text={
            pendingDelete.kind === 'element'
              ? 'Are you sure you want to delete this element? Its connections are removed too.'
              : 'Are you sure you want to delete this connection?'
          }
          onCancel={() => setPendingDelete(null)}
          onConfirm={confirmDelete}
        />
      ) : null}
      <ViewerToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
