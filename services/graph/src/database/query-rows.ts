import type { EntityManager } from 'typeorm';

/**
 * Runs one SQL statement and answers its rows, whatever the command. (TypeORM's `query()` answers
 * `[rows, count]` for UPDATE and DELETE but plain rows otherwise; this always answers the rows.)
 * Uses the transaction's connection when `manager` belongs to one.
 */
export async function queryRows<Row>(manager: EntityManager, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, parameters, true);
    return result.records as Row[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
