import type { EntityManager } from 'typeorm';

/**
 * Runs one SQL statement and answers its rows and affected count the same way for every command
 * (TypeORM's plain `query` shapes UPDATE results differently from INSERT and SELECT ones).
 */
export async function runSql<Row = Record<string, unknown>>(
  manager: EntityManager,
  text: string,
  parameters: unknown[] = [],
): Promise<{ rows: Row[]; affected: number }> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = (await runner.query(text, parameters, true)) as { records: Row[]; affected?: number };
    return { rows: result.records, affected: result.affected ?? result.records.length };
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/**
 * Serialises work on one user's billing inside a transaction (two tabs paying at once), with a
 * transaction-scoped advisory lock that PostgreSQL releases at commit or rollback.
 */
export async function lockUserBilling(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing:user:' || $1, 0))`, [userId]);
}
