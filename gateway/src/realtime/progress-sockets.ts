import type { Server as HttpServer } from 'node:http';
import {
  SOCKET_PATH,
  SOCKET_TRANSPORTS,
  SUBJECTS,
  type ClientToServerEvents,
  type DrawingProgressEvent,
  type ServerToClientEvents,
} from '@pid/contracts';
import { decodeJson, tokenFromHeaders, type JwtService, type Logger, type TokenVersions } from '@pid/platform';
import type { NatsConnection } from 'nats';
import { Server } from 'socket.io';

interface SocketData {
  userId: string;
}

export interface ProgressSockets {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  close(): Promise<void>;
}

const userRoom = (userId: string) => `user:${userId}`;

/**
 * Socket.IO at /socket.io. A socket authenticates in the handshake with its login token and joins
 * its user's room; `drawingProgress` events from NATS go to the owner's room only.
 *
 * Every gateway replica subscribes to the progress subject itself (no queue group), so each one
 * reaches the sockets it holds: NATS is the fan-out between replicas, in the role of a Socket.IO
 * adapter (tests/reliability/src/realtime: two gateway processes, one client failing over).
 */
export function attachProgressSockets(
  httpServer: HttpServer,
  options: { jwt: JwtService; versions: TokenVersions; nats: NatsConnection; logger: Logger; corsOrigins: string[] },
): ProgressSockets {
  const io: ProgressSockets['io'] = new Server(httpServer, {
    path: SOCKET_PATH,
    transports: [...SOCKET_TRANSPORTS],
    cors: options.corsOrigins.length > 0 ? { origin: options.corsOrigins } : undefined,
  });

  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const token = typeof fromAuth === 'string' ? fromAuth : tokenFromHeaders(socket.handshake.headers);
    const payload = options.jwt.verify(token);
    // A token from before the user's last password reset or e-mail change is refused too.
    if (!payload || !options.versions.accepts(payload)) return next(new Error('unauthorized'));
    socket.data.userId = payload.sub;
    next();
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    // The room comes from the token; an id announced here that is not the caller's is ignored.
    socket.on('subscribeToDrawings', (userId) => {
      if (userId !== socket.data.userId) options.logger.warn({ socket: socket.id }, 'subscribeToDrawings with a foreign user id ignored');
    });
  });

  const subscription = options.nats.subscribe(SUBJECTS.drawingProgress);
  void (async () => {
    for await (const message of subscription) {
      try {
        const event = decodeJson<DrawingProgressEvent>(message.data);
        const { drawingId, status, message: text, progress } = event;
        io.to(userRoom(event.userId)).emit('drawingProgress', { drawingId, status, message: text, progress });
      } catch (error) {
        options.logger.warn({ err: error }, 'unreadable progress event dropped');
      }
    }
  })();

  return {
    io,
    close: async () => {
      subscription.unsubscribe();
      // Also closes the HTTP server; the Nest app's own close then finds it closed.
      await io.close();
    },
  };
}
