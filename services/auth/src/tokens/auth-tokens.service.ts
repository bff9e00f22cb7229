import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_ENV } from '@pid/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthEnv } from '../env';
import { AuthTokenEntity, type AuthTokenPurpose } from './auth-token.entity';

const TOKEN_BYTES = 32;
/** Longer input cannot be one of ours; refusing it early keeps garbage away from the hash and the DB. */
const MAX_TOKEN_LENGTH = 128;

/** Unused, unexpired, for this purpose. */
const USABLE = 'token_hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isPlausibleToken(token: unknown): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

/**
 * Issues and redeems the one-time tokens of e-mail verification and password reset. A token is random
 * (256 bits, base64url), stored only as its SHA-256 hash, single use, and expires after its purpose's TTL.
 * Expiry is judged by the database clock on both sides, so replicas with drifting clocks agree.
 */
@Injectable()
export class AuthTokensService {
  private readonly ttlSeconds: Record<AuthTokenPurpose, number>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SERVICE_ENV) env: AuthEnv,
  ) {
    this.ttlSeconds = { email_verification: env.EMAIL_VERIFICATION_TTL_SECONDS, password_reset: env.PASSWORD_RESET_TTL_SECONDS };
  }

  /** Stores a new token for the user and returns it, for the link in the mail. */
  async issue(userId: string, purpose: AuthTokenPurpose, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await manager
      .createQueryBuilder()
      .insert()
      .into(AuthTokenEntity)
      .values({
        userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: () => `now() + make_interval(secs => ${this.ttlSeconds[purpose]})`,
      })
      .execute();
    return token;
  }

  /** The user of a token that is still usable, without using it up. */
  async peek(token: unknown, purpose: AuthTokenPurpose): Promise<string | undefined> {
    if (!isPlausibleToken(token)) return undefined;
    const row = await this.dataSource
      .getRepository(AuthTokenEntity)
      .createQueryBuilder('token')
      .select('token.userId', 'userId')
      .where(USABLE, { hash: hashToken(token), purpose })
      .getRawOne<{ userId: string }>();
    return row?.userId;
  }

  /**
   * Uses up a usable token and returns its user. One conditional UPDATE does check and use at once,
   * so two concurrent requests with the same token cannot both succeed.
   */
  async consume(token: unknown, purpose: AuthTokenPurpose, manager: EntityManager = this.dataSource.manager): Promise<string | undefined> {
    if (!isPlausibleToken(token)) return undefined;
    const result = await manager
      .createQueryBuilder()
      .update(AuthTokenEntity)
      .set({ usedAt: () => 'now()' })
      .where(USABLE, { hash: hashToken(token), purpose })
      .returning('user_id')
      .execute();
    const rows = result.raw as Array<{ user_id: string }>;
    return rows[0]?.user_id;
  }

  /** Makes every outstanding token of this purpose for the user unusable. */
  async revokeAll(userId: string, purpose: AuthTokenPurpose, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(AuthTokenEntity)
      .set({ usedAt: () => 'now()' })
      .where('user_id = :userId AND purpose = :purpose AND used_at IS NULL', { userId, purpose })
      .execute();
  }
}
