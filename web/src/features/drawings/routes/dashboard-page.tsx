import type { Drawing, DrawingProgressPayload } from '@pid/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Fab from '@mui/material/Fab';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { routePaths } from '../../../config/route-paths';
import { DASHBOARD_POLL_MS, NOTICE_AUTO_HIDE_MS } from '../../../config/timing';
import { readNavigationState } from '../../../lib/navigation-state';
import { useDrawingProgress } from '../../../lib/realtime/use-drawing-progress';
import { useSession } from '../../../lib/session';
import { useDeleteDrawing, useExportDrawing, useProcessDrawing, useRenameDrawing } from '../api/drawing-mutations';
import { useDrawings } from '../api/get-drawings';
import { getDrawingStatus, mergeStatus } from '../api/get-drawing-status';
import { drawingKeys } from '../api/query-keys';
import { DrawingCard } from '../components/drawing-card';
import { ConfirmDeleteDialog } from '../../../components/feedback/confirm-delete-dialog';
import { RenameDialog } from '../components/drawing-dialogs';

const DASHBOARD_MESSAGES = {
  fetchFailed: 'Failed to fetch drawings',
  processFailed: 'Failed to start processing',
  processStarted: 'Processing started',
} as const;

interface Notice {
  key: number;
  severity: AlertColor;
  text: string;
}

/** Polls the status of every processing drawing every 10 s and merges the answers into the list (spec §4). */
function useProcessingPoll(drawings: Drawing[] | undefined) {
  const queryClient = useQueryClient();
  const processingIds = (drawings ?? []).filter((drawing) => drawing.status === 'processing').map((drawing) => drawing._id);
  const idsKey = processingIds.join(',');

  useEffect(() => {
    if (!idsKey) return;
    const ids = idsKey.split(',');
    const timer = setInterval(() => {
      ids.forEach((id) => {
        getDrawingStatus(id)
          .then((status) =>
            queryClient.setQueryData<Drawing[]>(drawingKeys.list(), (list) =>
              list?.map((drawing) =>
                drawing._id === id
                  ? mergeStatus(drawing, { status: status.drawingStatus, message: status.message, progress: status.progress })
                  : drawing,
              ),
            ),
          )
          .catch((error: unknown) => console.error('Status poll failed', error));
      });
    }, DASHBOARD_POLL_MS);
    return () => clearInterval(timer);
  }, [idsKey, queryClient]);
}

export function DashboardPage() {
  const location = useLocation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const drawings = useDrawings();
  const processDrawing = useProcessDrawing();
  const renameDrawing = useRenameDrawing();
  const deleteDrawing = useDeleteDrawing();
  const exportDrawing = useExportDrawing();
  const [renaming, setRenaming] = useState<Drawing | null>(null);
  const [deleting, setDeleting] = useState<Drawing | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const { message } = readNavigationState(location.state);
    return message ? { key: 0, severity: 'success', text: message } : null;
  });

  // A new key per notice, so a repeated message shows again.
  const show = (severity: AlertColor, text: string) => setNotice((previous) => ({ key: (previous?.key ?? 0) + 1, severity, text }));

  useProcessingPoll(drawings.data);
  useDrawingProgress(
    user?._id,
    useCallback(
      (event: DrawingProgressPayload) =>
        queryClient.setQueryData<Drawing[]>(drawingKeys.list(), (list) =>
          list?.map((drawing) => (drawing._id === event.drawingId ? mergeStatus(drawing, event) : drawing)),
        ),
      [queryClient],
    ),
  );

  const startProcessing = (drawing: Drawing) =>
    processDrawing.mutate(drawing._id, {
      onSuccess: () => show('info', DASHBOARD_MESSAGES.processStarted),
      onError: () => show('error', DASHBOARD_MESSAGES.processFailed),
    });

  const list = drawings.data ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          My P&amp;IDs
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={routePaths.upload}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          Upload Drawing
        </Button>
      </Stack>

      {drawings.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading drawings" />
        </Box>
      ) : drawings.isError ? (
        <Alert severity="error">{DASHBOARD_MESSAGES.fetchFailed}</Alert>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <Typography variant="h6" gutterBottom>
            No drawings yet
          </Typography>
          <Button variant="contained" component={RouterLink} to={routePaths.upload} startIcon={<AddIcon />}>
            Upload Your First Drawing
          </Button>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          {list.map((drawing) => (
            <Grid key={drawing._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <DrawingCard
                drawing={drawing}
                actions={{
                  onRename: setRenaming,
                  onDelete: setDeleting,
                  onProcess: startProcessing,
                  onExport: (target, format) => exportDrawing.mutate({ id: target._id, format }),
                }}
              />
            </Grid>
          ))}
        </Grid>
      )}

      <Fab
        color="primary"
        aria-label="Upload drawing"
        component={RouterLink}
        to={routePaths.upload}
        sx={{ position: 'fixed', right: 24, bottom: 24, display: { xs: 'flex', sm: 'none' } }}
      >
        <AddIcon />
      </Fab>

      {renaming ? (
        <RenameDialog
          initialName={renaming.name}
          onCancel={() => setRenaming(null)}
          onSave={(name) => {
            renameDrawing.mutate({ id: renaming._id, name });
            setRenaming(null);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete Drawing"
          text={`Are you sure you want to delete "${deleting.name}"? This cannot be undone.`}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            deleteDrawing.mutate(deleting._id);
            setDeleting(null);
          }}
        />
      ) : null}

      <Snackbar
        key={notice?.key}
        open={Boolean(notice)}
        autoHideDuration={NOTICE_AUTO_HIDE_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)} role="alert">
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Container>
  );
}
