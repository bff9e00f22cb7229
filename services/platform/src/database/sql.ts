import type { EntityManager } from 'typeorm';

/**
 * The one way to raw SQL, where it is clearer than a repository (bulk upserts, row locks, `RETURNING`):
 * runs one statement and answers its rows and the rows it affected, whatever the command. (TypeORM's
 * `query()` answers `[rows, count]` for UPDATE and DELETE but plain rows otherwise.) Uses the
 * transaction's connection when `manager` belongs to one.
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

/** `runSql`'s rows alone. */
export async function queryRows<Row>(manager: EntityManager, text: string, parameters: unknown[] = []): Promise<Row[]> {
  return (await runSql<Row>(manager, text, parameters)).rows;
}

/**
 * Serialises work on one thing (`key`, e.g. `billing:user:<id>`) until the transaction ends, with a
 * transaction-scoped advisory lock that PostgreSQL releases at commit or rollback.
 */
export async function lockUntilCommit(manager: EntityManager, key: string): Promise<void> {
  await runSql(manager, 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}
