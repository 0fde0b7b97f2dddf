import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from "kysely";

/** The statements of one connection's use (a transaction, or a single statement) that may have changed rows. */
export type CommittedWrites = readonly string[];

/**
 * Says when writes made through this process's Kysely have settled: once the connection that made them is given
 * back, so after its transaction's commit (or rollback). A cache of what the database holds drops its entries then:
 * a reader that began before the commit cannot keep what it read, and one that begins after sees the new rows.
 */
export interface WriteWatch {
  onSettled(listener: (statements: CommittedWrites) => void): () => void;
}

// Anything but a plain read is taken as a possible write (`with` may hide one; a lock precedes one): a cache dropped
// for nothing costs a query, one kept over a change would show stale rows.
const READ = /^\s*select\s/i;

/** Wraps a dialect's driver so that every connection reports the statements it ran that were not plain reads. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; watch: WriteWatch } {
  const listeners = new Set<(statements: CommittedWrites) => void>();
  const written = new WeakMap<DatabaseConnection, string[]>();
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  const watched = (connection: DatabaseConnection): DatabaseConnection => {
    const note = (query: CompiledQuery) => {
      if (READ.test(query.sql)) return;
      const list = written.get(wrapper);
      if (list) list.push(query.sql);
      else written.set(wrapper, [query.sql]);
    };
    const wrapper: DatabaseConnection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        note(query);
        return connection.executeQuery<R>(query);
      },
      streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
        note(query);
        return connection.streamQuery<R>(query, chunkSize);
      },
    };
    inner.set(wrapper, connection);
    return wrapper;
  };
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;

  const wrapDriver = (driver: Driver): Driver => ({
    init: (options) => driver.init(options),
    acquireConnection: async (options) => watched(await driver.acquireConnection(options)),
    beginTransaction: (connection, settings) => driver.beginTransaction(unwrap(connection), settings),
    commitTransaction: (connection) => driver.commitTransaction(unwrap(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(unwrap(connection)),
    ...(driver.savepoint && {
      savepoint: (connection, name, compile) => driver.savepoint!(unwrap(connection), name, compile),
    }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(unwrap(connection), name, compile),
    }),
    ...(driver.releaseSavepoint && {
      releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(unwrap(connection), name, compile),
    }),
    async releaseConnection(connection, options) {
      const statements = written.get(connection);
      written.delete(connection);
      try {
        await driver.releaseConnection(unwrap(connection), options);
      } finally {
        if (statements) for (const listener of listeners) listener(statements);
      }
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
