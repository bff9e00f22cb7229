import type { Drawing } from '@pid/contracts';
import type { AlertColor } from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { VIEWER_POLL_MS } from '../../../config/timing';
import { getProcessingStatus } from '../api/get-drawing';
import { viewerKeys } from '../api/query-keys';
import type { Size } from '../geometry/mapping';
import { VIEWER_MESSAGES } from './viewer-messages';

const FINISHED = ['completed', 'ready'];
const FAILED = ['error', 'failed'];

/** Polls the status every 5 s while the drawing processes; reports the end (spec §4). */
export function useViewerProcessingPoll(id: string, drawing: Drawing | undefined, notify: (severity: AlertColor, text: string) => void) {
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
export function useObjectUrl(blob: Blob | undefined): string | null {
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
export function useViewerPage(pageCount: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= pageCount ? asked : 1;
  const setPage = (next: number) => setSearchParams(next === 1 ? {} : { page: String(next) }, { replace: true });
  return { page, setPage, arrivalElement: searchParams.get('element') };
}

/** The natural size of the image at `imageUrl`, used when the drawing has no size for the page yet. */
export function useNaturalSize(imageUrl: string | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    if (!imageUrl) return;
    const probe = new Image();
    probe.onload = () => setSize({ width: probe.naturalWidth, height: probe.naturalHeight });
    probe.src = imageUrl;
  }, [imageUrl]);
  return size;
}
