import { KV_BUCKETS } from '@pid/contracts';
import type { KV, KvEntry, NatsConnection, QueuedIterator } from 'nats';
import type { Logger } from '../logging/logger';

/**
 * Every user's token version, mirrored from the JetStream key-value bucket that auth writes when a
 * password reset or an e-mail change must end the sessions opened before it. A login token whose `ver`
 * is below its user's version is refused. The bucket survives restarts; each process watches it.
 */
export class TokenVersions {
  private readonly versions = new Map<string, number>();
  private watcher: QueuedIterator<KvEntry> | undefined;

  private constructor(
    private readonly kv: KV,
    private readonly logger: Logger,
  ) {}

  /** Opens (or creates) the bucket and resolves once every stored version has been read. */
  static async watch(nc: NatsConnection, logger: Logger, replicas = 1): Promise<TokenVersions> {
    const kv = await nc.jetstream().views.kv(KV_BUCKETS.tokenVersions, { history: 1, replicas });
    const versions = new TokenVersions(kv, logger);
    let initialized!: () => void;
    const ready = new Promise<void>((resolve) => (initialized = resolve));
    versions.watcher = await kv.watch({ initializedFn: () => initialized() });
    void versions.follow(versions.watcher);
    await ready;
    return versions;
  }

  private async follow(watcher: QueuedIterator<KvEntry>): Promise<void> {
    try {
      for await (const entry of watcher) {
        if (entry.operation === 'PUT') this.remember(entry.key, Number(entry.string()));
        else this.versions.delete(entry.key);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'watching token versions failed');
    }
  }

  private remember(userId: string, version: number): void {
    if (Number.isSafeInteger(version) && version > (this.versions.get(userId) ?? 0)) this.versions.set(userId, version);
  }

  /** The lowest `ver` a token of this user may carry. */
  current(userId: string): number {
    return this.versions.get(userId) ?? 0;
  }

  /** Whether a token's claims carry at least its user's current version. */
  accepts(claims: { sub: string; ver?: unknown }): boolean {
    const ver = typeof claims.ver === 'number' ? claims.ver : 0;
    return ver >= this.current(claims.sub);
  }

  /** Raises a user's version here at once and in the bucket, for every other process. */
  async raise(userId: string, version: number): Promise<void> {
    this.remember(userId, version);
    await this.kv.put(userId, String(version));
  }

  stop(): void {
    this.watcher?.stop();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
