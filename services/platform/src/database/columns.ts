import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * The columns that many tables share, as the migrations write them: snake_case names, uuid ids and
 * timestamptz times.
 */

/** The id of the user the row belongs to: `user_id uuid NOT NULL`. */
export const UserIdColumn = () => Column({ name: 'user_id', type: 'uuid' });

/** When the row was inserted: `created_at timestamptz NOT NULL DEFAULT now()`. */
export const CreatedAtColumn = () => CreateDateColumn({ name: 'created_at', type: 'timestamptz' });

/** When the row last changed: `updated_at timestamptz NOT NULL DEFAULT now()`, set by TypeORM on every save. */
export const UpdatedAtColumn = () => UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' });
