import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own PostgreSQL schema; nothing else writes there. */
  schema: string;
  entities: MixedList<string | Function | EntitySchema>;
  // TypeORM migration classes are plain constructors.
  migrations: MixedList<string | Function>;
  poolSize?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Any fixed number works; it only has to be the same for every replica of every service. */
const MIGRATION_LOCK_KEY = 727_100;

/** TypeORM options bound to one schema. `synchronize` is never on: migrations own the schema. */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): PostgresConnectionOptions {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name: ${options.schema}`);
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: options.poolSize ?? 10, options: `-c search_path=${options.schema}` },
  };
}

/** A TypeORM data source bound to one schema (`--migrate-only`); services get theirs from `TypeOrmModule`. */
export function createServiceDataSource(options: ServiceDatabaseOptions): DataSource {
  return new DataSource(serviceDataSourceOptions(options));
}

/**
 * Creates the schema if needed and applies pending migrations. A session advisory lock
 * serialises replicas that start at the same moment.
 */
export async function migrateServiceDatabase(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema: string }).schema;
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}

/** Opens a data source on these options and brings its schema up to date: `TypeOrmModule`'s `dataSourceFactory`. */
export async function openServiceDatabase(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    await migrateServiceDatabase(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

export async function pingDatabase(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
