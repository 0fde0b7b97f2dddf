import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from "kysely";

/** The statements of one connection's use (a transaction, or a single statement) that may have changed rows. */
export type CommittedWrites = readonly string[];

/** Runs one statement on the connection that made the writes, which the writer still holds. */
export type RunOnConnection = (query: CompiledQuery) => Promise<unknown>;

/**
 * Says when writes made through this process's Kysely have committed: a transaction's after its commit, a statement
 * outside one after it ran, in both cases before the writer goes on (and answers its client) and while it still
 * holds the connection. A listener may return a promise, which the writer waits for: what it does happens before the
 * write is acknowledged, and if it fails the writer is told so. A listener that needs the database uses `run`, on
 * the writer's connection (PGlite has only one). A rolled back transaction changed nothing and is not reported.
 */
export interface WriteWatch {
  onSettled(listener: (statements: CommittedWrites, run: RunOnConnection) => void | Promise<void>): () => void;
}

// Anything but a plain read is taken as a possible write (`with` may hide one; a lock precedes one): a cache dropped
// for nothing costs a query, one kept over a change would show stale rows.
const READ = /^\s*select\s/i;

/** Wraps a dialect's driver so that every connection reports the statements it committed that were not plain reads. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; watch: WriteWatch } {
  const listeners = new Set<(statements: CommittedWrites, run: RunOnConnection) => void | Promise<void>>();
  // The writes of each connection's open transaction, reported at its commit.
  const open = new WeakMap<DatabaseConnection, string[]>();
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  const settle = async (statements: CommittedWrites, connection: DatabaseConnection) => {
    const run: RunOnConnection = (query) => connection.executeQuery(query);
    for (const listener of listeners) await listener(statements, run);
  };

  const watched = (connection: DatabaseConnection): DatabaseConnection => {
    const wrapper: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await connection.executeQuery<R>(query);
        if (!READ.test(query.sql)) {
          const transaction = open.get(wrapper);
          if (transaction) transaction.push(query.sql);
          else await settle([query.sql], connection);
        }
        return result;
      },
      async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
        yield* connection.streamQuery<R>(query, chunkSize);
        if (!READ.test(query.sql)) {
          const transaction = open.get(wrapper);
          if (transaction) transaction.push(query.sql);
          else await settle([query.sql], connection);
        }
      },
    };
    inner.set(wrapper, connection);
    return wrapper;
  };
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;

  const wrapDriver = (driver: Driver): Driver => ({
    init: (options) => driver.init(options),
    acquireConnection: async (options) => watched(await driver.acquireConnection(options)),
    async beginTransaction(connection, settings) {
      await driver.beginTransaction(unwrap(connection), settings);
      open.set(connection, []);
    },
    async commitTransaction(connection) {
      const statements = open.get(connection);
      open.delete(connection);
      await driver.commitTransaction(unwrap(connection));
      if (statements?.length) await settle(statements, unwrap(connection));
    },
    async rollbackTransaction(connection) {
      open.delete(connection);
      await driver.rollbackTransaction(unwrap(connection));
    },
    ...(driver.savepoint && {
      savepoint: (connection, name, compile) => driver.savepoint!(unwrap(connection), name, compile),
    }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(unwrap(connection), name, compile),
    }),
    ...(driver.releaseSavepoint && {
      releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(unwrap(connection), name, compile),
    }),
    releaseConnection: (connection, options) => {
      open.delete(connection);
      return driver.releaseConnection(unwrap(connection), options);
    },
    destroy: (options) => driver.destroy(options),
  });

  return {
    dialect: {
      createDriver: () => wrapDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    watch: {
      onSettled(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
