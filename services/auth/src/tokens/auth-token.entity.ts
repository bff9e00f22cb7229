import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UserIdColumn } from '@pid/platform';

export type AuthTokenPurpose = 'email_verification' | 'password_reset';

/** A one-time token mailed to a user. The token itself is never stored, only its SHA-256 hash. */
@Entity({ name: 'auth_tokens' })
export class AuthTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  purpose: AuthTokenPurpose;

  @UserIdColumn()
  userId: string;

  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;
}
