import type { ClientToServerEvents, DrawingProgressPayload, ServerToClientEvents } from '@pid/contracts';
import { SOCKET_PATH, SOCKET_TRANSPORTS } from '@pid/contracts';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { TOKEN_STORAGE_KEY } from '../api-client';

/** Reconnection settings of spec §9. */
const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  transports: [...SOCKET_TRANSPORTS] as string[],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

/**
 * Connects to the product's own origin, announces the user with subscribeToDrawings and calls
 * `onProgress` for every drawingProgress event (spec §4 "Realtime"). Disconnects on unmount.
 */
export function useDrawingProgress(userId: string | undefined, onProgress: (event: DrawingProgressPayload) => void): void {
  const handler = useRef(onProgress);
  useEffect(() => {
    handler.current = onProgress;
  });

  useEffect(() => {
    if (!userId) return;
    const token = localStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ ...SOCKET_OPTIONS, auth: { token } });
    const subscribe = () => socket.emit('subscribeToDrawings', userId);
    socket.on('connect', subscribe);
    socket.on('drawingProgress', (event) => handler.current(event));
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [userId]);
}
