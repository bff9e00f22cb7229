/** The typed Socket.IO event map shared by the gateway and the web app. */
import type { DrawingProgressEvent } from './nats-subjects';

export const SOCKET_PATH = '/socket.io';

export type DrawingProgressPayload = Pick<DrawingProgressEvent, 'drawingId' | 'status' | 'message' | 'progress'>;

export interface ServerToClientEvents {
  drawingProgress: (event: DrawingProgressPayload) => void;
}

export interface ClientToServerEvents {
  subscribeToDrawings: (userId: string) => void;
}
