/** The typed Socket.IO event map shared by the gateway and the web app. */
import type { DrawingProgressEvent } from './nats-subjects';

export const SOCKET_PATH = '/socket.io';

/**
 * WebSocket first: one connection holds the whole session, so any gateway replica serves it without
 * sticky sessions. Long-polling is the fallback, and needs the Ingress's session affinity.
 */
export const SOCKET_TRANSPORTS = ['websocket', 'polling'] as const;

export type DrawingProgressPayload = Pick<DrawingProgressEvent, 'drawingId' | 'status' | 'message' | 'progress'>;

export interface ServerToClientEvents {
  drawingProgress: (event: DrawingProgressPayload) => void;
  /** A refused request, e.g. `subscribeToDrawings` with another user's id. */
  exception: (error: { status: 'error'; message: string }) => void;
}

export interface ClientToServerEvents {
  /** Answered `{ subscribed: true }` for the caller's own id; another user's id gets an `exception` event. */
  subscribeToDrawings: (userId: string, ack?: (reply: { subscribed: true }) => void) => void;
}
