import type { BoundingBox, Connection, Drawing, DrawingElement, PathSegment } from '@pid/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { drawingPath } from '../../../config/route-paths';
import { NOTICE_AUTO_HIDE_MS, VIEWER_POLL_MS } from '../../../config/timing';
import { useStableCallbacks } from '../../../lib/use-stable-callbacks';
import { endId, toConnectionBody, useConnectionMutations, useConnections } from '../api/connections';
import { useDrawing, getProcessingStatus } from '../api/get-drawing';
import { UnsupportedFileTypeError, useDrawingImage } from '../api/get-drawing-image';
import { useElementMutations, useElements } from '../api/elements';
import { viewerKeys } from '../api/query-keys';
import { ConnectionDialog } from '../components/connection-dialog';
import { DrawingCanvas, type Selection, type ViewerMode } from '../components/drawing-canvas';
import { offPageContinuations, type Continuation } from '../components/off-page-continuation';
import { PageSource } from '../components/page-source';
import { PageSwitcher } from '../components/page-switcher';
import { ConfirmDeleteDialog } from '../../../components/feedback/confirm-delete-dialog';
import { ViewerSidebar, type ViewerSidebarActions } from '../components/viewer-sidebar';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { ViewerToolbar } from '../components/viewer-toolbar';
import {
  connectionsOf,
  emptyHistory,
  isTextField,
  pushEdit,
  redoEdit,
  remapConnectionId,
  remapElementId,
  undoEdit,
  type EditCommand,
  type EditHistory,
} from '../editing/edit-history';
import type { Point, Size } from '../geometry/mapping';
import { newElementBox } from '../geometry/placement';
import { BUTTON_ZOOM_STEP, zoomBy } from '../geometry/zoom';

/** Viewer messages of spec §8. */
export const VIEWER_MESSAGES = {
  loadFailed: 'Failed to load drawing data. Please try again.',
  imageError: 'Error loading image.',
  processingFailed: 'Processing failed: ',
  unknownError: 'Unknown error',
  processingComplete: 'Processing complete! Refreshing elements...',
  elementUpdated: 'Element updated successfully!',
  connectionUpdated: 'Connection updated successfully!',
  elementDeleted: 'Element deleted successfully!',
  connectionDeleted: 'Connection deleted successfully!',
  elementUpdateFailed: 'Failed to update element. Please try again.',
  connectionUpdateFailed: 'Failed to update connection. Please try again.',
  elementDeleteFailed: 'Failed to delete element. Please try again.',
  connectionDeleteFailed: 'Failed to delete connection. Please try again.',
  positionFailed: 'Error updating element position. Changes may not be saved.',
  connectionCreateFailed: 'Failed to create connection.',
  elementCreateFailed: 'Failed to create element.',
} as const;

const FINISHED = ['completed', 'ready'];
const FAILED = ['error', 'failed'];

interface Toast {
  key: number;
  severity: AlertColor;
  text: string;
}

type PendingDelete = { kind: 'element'; item: DrawingElement } | { kind: 'connection'; item: Connection } | null;

/** Polls the status every 5 s while the drawing processes; reports the end (spec §4). */
function useViewerProcessingPoll(id: string, drawing: Drawing | undefined, notify: (severity: AlertColor, text: string) => void) {
  const queryClient = useQueryClient();
  const processing = drawing?.status === 'processing';
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  });
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      getProcessingStatus(id)
        .then((status) => {
          queryClient.setQueryData<Drawing>(viewerKeys.drawing(id), (current) =>
            current
              ? {
                  ...current,
                  status: status.drawingStatus,
                  processingMessage: status.message,
                  metadata: { ...current.metadata, processingProgress: status.progress ?? current.metadata?.processingProgress },
                }
              : current,
          );
          if (FINISHED.includes(status.drawingStatus)) {
            notifyRef.current('success', VIEWER_MESSAGES.processingComplete);
            void queryClient.invalidateQueries({ queryKey: viewerKeys.drawing(id) });
            void queryClient.invalidateQueries({ queryKey: viewerKeys.elements(id) });
            void queryClient.invalidateQueries({ queryKey: viewerKeys.connections(id) });
          } else if (FAILED.includes(status.drawingStatus)) {
            notifyRef.current('error', `${VIEWER_MESSAGES.processingFailed}${status.message || VIEWER_MESSAGES.unknownError}`);
          }
        })
        .catch((error: unknown) => console.error('Status poll failed', error));
    }, VIEWER_POLL_MS);
    return () => clearInterval(timer);
  }, [id, processing, queryClient]);
}

/** An object URL for the image blob, revoked when it changes or the page closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return blob ? url : null;
}

/** The page shown (`?page=N`, 1 by default) and the element to select on arrival (`?element=<id>`, from another drawing's link). */
function useViewerPage(pageCount: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= pageCount ? asked : 1;
  const setPage = (next: number) => setSearchParams(next === 1 ? {} : { page: String(next) }, { replace: true });
  return { page, setPage, arrivalElement: searchParams.get('element') };
}

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
  const elementMutations = useElementMutations(id);
  const connectionMutations = useConnectionMutations(id);
  const imageUrl = useObjectUrl(image.data);
  const [naturalSize, setNaturalSize] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(1);
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
  const history = useRef<EditHistory>(emptyHistory);
  const record = (command: EditCommand) => {
    history.current = pushEdit(history.current, command);
  };

  const notify = (severity: AlertColor, text: string) => setToast({ key: Date.now(), severity, text });
  useViewerProcessingPoll(id, drawing.data, notify);

  // Keyboard shortcuts; the handler is refreshed every render so it sees the current lists.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Natural size of the blob, used when the drawing has no size for the page yet.
  useEffect(() => {
    if (!imageUrl) return;
    const probe = new Image();
    probe.onload = () => setNaturalSize({ width: probe.naturalWidth, height: probe.naturalHeight });
    probe.src = imageUrl;
  }, [imageUrl]);

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

  // mutateAsync: "Confirm all visible" saves many at once, and each one's outcome must be recorded.
  const saveElement = (element: DrawingElement, success = VIEWER_MESSAGES.elementUpdated) => {
    const previous = elementList.find((item) => item._id === element._id);
    elementMutations.update.mutateAsync({ id: element._id, changes: element }).then(
      () => {
        if (previous) record({ kind: 'update-element', id: element._id, before: previous, after: element });
        notify('success', success);
      },
      () => notify('error', VIEWER_MESSAGES.elementUpdateFailed),
    );
  };
  const saveConnection = (connection: Connection) =>
    connectionMutations.update.mutate(
      { id: connection._id, changes: toConnectionBody(connection) },
      {
        onSuccess: () => notify('success', VIEWER_MESSAGES.connectionUpdated),
        onError: () => notify('error', VIEWER_MESSAGES.connectionUpdateFailed),
      },
    );
  const moveElement = (elementId: string, boundingBox: BoundingBox) => {
    const previous = elementList.find((item) => item._id === elementId)?.boundingBox;
    elementMutations.update.mutate(
      { id: elementId, changes: { boundingBox } },
      {
        onSuccess: () => {
          if (previous) record({ kind: 'update-element', id: elementId, before: { boundingBox: previous }, after: { boundingBox } });
        },
        onError: () => notify('error', VIEWER_MESSAGES.positionFailed),
      },
    );
  };
  const addElement = (point: Point) =>
    elementMutations.create.mutate(
      { drawing: id, page, elementType: 'node', name: '', description: '', boundingBox: newElementBox(point), confirmed: false },
      {
        onSuccess: (created) => {
          setMode('normal');
          if (created?._id) {
            setSelection({ kind: 'element', id: created._id });
            record({ kind: 'create-element', element: created });
          }
        },
        onError: () => notify('error', VIEWER_MESSAGES.elementCreateFailed),
      },
    );
  const createConnection = (source: string, target: string, path: PathSegment[]) =>
    connectionMutations.create.mutate(
      {
        drawing: id,
        name: '',
        description: '',
        relationshipType: 'connects to',
        source,
        target,
        confirmed: false,
        metadata: { path_data: { path } },
      },
      {
        onSuccess: (created) => {
          setMode('normal');
          if (created?._id) setSelection({ kind: 'connection', id: created._id });
        },
        onError: () => notify('error', VIEWER_MESSAGES.connectionCreateFailed),
      },
    );
  /** Creates a deleted element again; the history then knows it by its new id, which is returned. */
  const recreateElement = async (element: DrawingElement): Promise<string> => {
    const { _id: oldId, metadata: _metadata, ...fields } = element;
    const created = await elementMutations.create.mutateAsync(fields);
    history.current = remapElementId(history.current, oldId, created._id);
    return created._id;
  };
  const recreateConnection = async (connection: Connection) => {
    const created = await connectionMutations.create.mutateAsync(toConnectionBody(connection));
    history.current = remapConnectionId(history.current, connection._id, created._id);
  };
  const removeElement = (elementId: string) => {
    if (selection?.id === elementId) setSelection(null);
    elementMutations.remove.mutateAsync(elementId).catch(() => notify('error', VIEWER_MESSAGES.elementDeleteFailed));
  };
  /** Undo of an element delete: the element first, then its connections with that end on the new id. */
  const restoreElement = async (element: DrawingElement, connections: Connection[]) => {
    const newId = await recreateElement(element).catch(() => {
      notify('error', VIEWER_MESSAGES.elementCreateFailed);
      return null;
    });
    if (!newId) return;
    const reattach = (end: Connection['source']) => (endId(end) === element._id ? newId : end);
    await Promise.all(
      connections.map((connection) =>
        recreateConnection({ ...connection, source: reattach(connection.source), target: reattach(connection.target) }),
      ),
    ).catch(() => notify('error', VIEWER_MESSAGES.connectionCreateFailed));
  };
  /** Applies one side of a recorded edit through the usual mutations; `forward` is redo. */
  const applyEdit = (command: EditCommand, forward: boolean) => {
    switch (command.kind) {
      case 'update-element':
        elementMutations.update.mutate(
          { id: command.id, changes: forward ? command.after : command.before },
          { onError: () => notify('error', VIEWER_MESSAGES.elementUpdateFailed) },
        );
        return;
      case 'create-element':
        if (forward) recreateElement(command.element).catch(() => notify('error', VIEWER_MESSAGES.elementCreateFailed));
        else removeElement(command.element._id);
        return;
      case 'delete-element':
        if (forward) removeElement(command.element._id);
        else void restoreElement(command.element, command.connections);
        return;
      case 'delete-connection':
        if (!forward) recreateConnection(command.connection).catch(() => notify('error', VIEWER_MESSAGES.connectionCreateFailed));
        else {
          if (selection?.id === command.connection._id) setSelection(null);
          connectionMutations.remove
            .mutateAsync(command.connection._id)
            .catch(() => notify('error', VIEWER_MESSAGES.connectionDeleteFailed));
        }
    }
  };
  const undo = () => {
    const step = undoEdit(history.current);
    if (!step) return;
    history.current = step.history;
    applyEdit(step.command, false);
  };
  const redo = () => {
    const step = redoEdit(history.current);
    if (!step) return;
    history.current = step.history;
    applyEdit(step.command, true);
  };
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
    if (event.key === 'Escape') {
      setMode('normal');
      return;
    }
    if (isTextField(event.target)) return;
    const dialogOpen = Boolean(pendingDelete || editingConnection || shortcutsOpen);
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'z') {
      if (dialogOpen) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    } else if (event.key === '?' && !event.ctrlKey && !event.metaKey) {
      setShortcutsOpen(true);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && !dialogOpen) {
      deleteSelection();
    }
  };

  const sidebarActions = useStableCallbacks<ViewerSidebarActions>({
    onSelect: setSelection,
    onSaveElement: (element) => saveElement(element),
    onToggleElement: (element) => saveElement({ ...element, confirmed: !element.confirmed }),
    onDeleteElement: (item) => setPendingDelete({ kind: 'element', item }),
    onSaveConnection: saveConnection,
    onToggleConnection: (connection) => saveConnection({ ...connection, confirmed: !connection.confirmed }),
    onDeleteConnection: (item) => setPendingDelete({ kind: 'connection', item }),
    onEditConnection: setEditingConnection,
    onConfirmAll: (items) => items.forEach((element) => saveElement({ ...element, confirmed: true })),
    onFollowContinuation: followContinuation,
  });

  const confirmDelete = () => {
    if (!pendingDelete) return;
    if (pendingDelete.kind === 'element') {
      const element = pendingDelete.item;
      // Taken before the delete: the server removes these with the element, and undo brings them back.
      const connections = connectionsOf(element._id, connectionList);
      elementMutations.remove.mutateAsync(element._id).then(
        () => {
          record({ kind: 'delete-element', element, connections });
          notify('success', VIEWER_MESSAGES.elementDeleted);
        },
        () => notify('error', VIEWER_MESSAGES.elementDeleteFailed),
      );
    } else {
      const connection = pendingDelete.item;
      connectionMutations.remove.mutateAsync(connection._id).then(
        () => {
          record({ kind: 'delete-connection', connection });
          notify('success', VIEWER_MESSAGES.connectionDeleted);
        },
        () => notify('error', VIEWER_MESSAGES.connectionDeleteFailed),
      );
    }
    if (selection?.id === pendingDelete.item._id) setSelection(null);
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
        maximised={maximised}
        onShowAll={setShowAll}
        onShowPipes={setShowPipes}
        onMode={setMode}
        onZoomIn={() => setZoom((value) => zoomBy(value, BUTTON_ZOOM_STEP))}
        onZoomOut={() => setZoom((value) => zoomBy(value, -BUTTON_ZOOM_STEP))}
        onZoomReset={() => setZoom(1)}
        onMaximise={() => setMaximised(!maximised)}
        onShortcuts={() => setShortcutsOpen(true)}
      />
      {current.status === 'processing' ? (
        <Alert severity="info" icon={<CircularProgress size={20} />}>
          {current.processingMessage || 'Processing drawing...'}
          {typeof progress === 'number' ? ` (${Math.round(progress)}%)` : ''}
        </Alert>
      ) : null}
      {mode === 'add-element' ? <Alert severity="info">Click on the drawing to place a new element. Press Escape to cancel.</Alert> : null}
      {mode === 'add-connection' ? (
        <Alert severity="info">
          Choose a source element, click to add route points, then click the target element. Press Escape to cancel.
        </Alert>
      ) : null}
      {pageCount > 1 || pageSource ? (
        <Stack direction="row" alignItems="center" spacing={2}>
          {pageCount > 1 ? <PageSwitcher page={page} pageCount={pageCount} onPage={(next) => showPage(next)} /> : null}
          {pageSource ? <PageSource source={pageSource} /> : null}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexGrow: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden' }}>
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
              mode={mode}
              showAll={showAll}
              showPipes={showPipes}
              selection={selection}
              onSelect={setSelection}
              onAddElement={addElement}
              onMoveElement={moveElement}
              onCreateConnection={createConnection}
            />
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
              <CircularProgress aria-label="Loading image" />
            </Box>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ width: sidebarOpen ? 340 : 40, flexShrink: 0, display: 'flex', overflow: 'hidden' }}>
          <IconButton
            size="small"
            aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            onClick={() => setSidebarOpen(!sidebarOpen)}
            sx={{ alignSelf: 'flex-start', mt: 1.5 }}
          >
            {sidebarOpen ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
          {sidebarOpen ? (
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <ViewerSidebar
                elements={pageElements}
                connections={pageConnections}
                allElements={elementList}
                continuations={continuations}
                selection={selection}
                actions={sidebarActions}
              />
            </Box>
          ) : null}
        </Paper>
      </Stack>

      {editingConnection ? (
        <ConnectionDialog
          connection={editingConnection}
          elements={pageElements}
          onClose={() => setEditingConnection(null)}
          onSave={(changes) => {
            saveConnection({ ...editingConnection, ...changes });
            setEditingConnection(null);
          }}
          onDelete={() => setPendingDelete({ kind: 'connection', item: editingConnection })}
          onToggleConfirmed={() => {
            saveConnection({ ...editingConnection, confirmed: !editingConnection.confirmed });
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
      <Snackbar
        key={toast?.key}
        open={Boolean(toast)}
        autoHideDuration={NOTICE_AUTO_HIDE_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        {toast ? (
          <Alert severity={toast.severity} variant="filled" onClose={() => setToast(null)}>
            {toast.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
