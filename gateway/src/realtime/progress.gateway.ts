import { Inject, UseFilters, type INestApplicationContext } from '@nestjs/common';
import {
  BaseWsExceptionFilter,
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  WsException,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { IoAdapter } from '@nestjs/platform-socket.io';
import {
  SOCKET_PATH,
  SOCKET_TRANSPORTS,
  type ClientToServerEvents,
  type DrawingProgressEvent,
  type ServerToClientEvents,
} from '@pid/contracts';
import { JwtService, tokenFromHeaders, TokenVersions, type Logger } from '@pid/platform';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { GATEWAY_LOGGER } from '../gateway.tokens';

interface SocketData {
  userId: string;
}

type ProgressServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ProgressSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const userRoom = (userId: string) => `user:${userId}`;

/** The message of the `exception` event a refused `subscribeToDrawings` gets. */
export const FOREIGN_SUBSCRIPTION_REFUSED = 'You can only subscribe to your own drawings';

/** Socket.IO's server options that depend on the environment (CORS), beside the fixed path and transports. */
export class ProgressSocketAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly corsOrigins: string[],
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    return super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      transports: [...SOCKET_TRANSPORTS],
      cors: this.corsOrigins.length > 0 ? { origin: this.corsOrigins } : undefined,
    }) as Server;
  }
}

/**
 * Socket.IO at /socket.io. A socket authenticates in the handshake with its login token and joins
 * its user's room; `drawingProgress` events from NATS go to the owner's room only.
 *
 * Every gateway replica takes every progress event (`ProgressEventsController`, no queue group), so each
 * one reaches the sockets it holds: NATS is the fan-out between replicas, in the role of a Socket.IO
 * adapter (tests/reliability/src/realtime: two gateway processes, one client failing over).
 */
@WebSocketGateway()
// Socket errors leave as Socket.IO `exception` events (without echoing the request), not through the HTTP `{ msg }` filter.
@UseFilters(new BaseWsExceptionFilter({ includeCause: false }))
export class ProgressGateway implements OnGatewayInit<ProgressServer>, OnGatewayConnection<ProgressSocket> {
  @WebSocketServer() io!: ProgressServer;

  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(TokenVersions) private readonly versions: TokenVersions,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(io: ProgressServer): void {
    io.use((socket, next) => {
      const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
      const token = typeof fromAuth === 'string' ? fromAuth : tokenFromHeaders(socket.handshake.headers);
      const payload = this.jwt.verify(token);
      // A token from before the user's last password reset or e-mail change is refused too.
      if (!payload || !this.versions.accepts(payload)) return next(new Error('unauthorized'));
      socket.data.userId = payload.sub;
      next();
    });
  }

  /** A `drawingProgress` event from NATS (`ProgressEventsController`), to its owner's room only. */
  relay(event: Partial<DrawingProgressEvent>): void {
    if (typeof event.userId !== 'string' || typeof event.drawingId !== 'string') {
      return void this.logger.warn('unreadable progress event dropped');
    }
    const { drawingId, status, message, progress } = event as DrawingProgressEvent;
    this.io.to(userRoom(event.userId)).emit('drawingProgress', { drawingId, status, message, progress });
  }

  handleConnection(socket: ProgressSocket): void {
    void socket.join(userRoom(socket.data.userId));
  }

  /**
   * The room comes from the token. Asking for one's own drawings is answered `{ subscribed: true }`;
   * asking for another user's is refused with an `exception` event, and changes nothing.
   */
  @SubscribeMessage('subscribeToDrawings')
  subscribeToDrawings(@ConnectedSocket() socket: ProgressSocket, @MessageBody() userId: unknown): { subscribed: true } {
    if (userId !== socket.data.userId) {
      this.logger.warn({ socket: socket.id }, 'subscribeToDrawings with a foreign user id refused');
      throw new WsException(FOREIGN_SUBSCRIPTION_REFUSED);
    }
    return { subscribed: true };
  }
}
