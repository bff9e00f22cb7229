import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@pid/platform';

/** An account. The e-mail is kept as typed and, normalised, as the unique login key. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'email_normalized', type: 'text', unique: true })
  emailNormalized: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'is_email_verified', type: 'boolean', default: false })
  isEmailVerified: boolean;

  /** Raised by a password reset or an e-mail change; tokens signed with a lower one are refused. */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion: number;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
