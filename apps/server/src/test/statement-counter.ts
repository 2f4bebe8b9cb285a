import type { Database } from '../db/client.js';

/**
 * Counts the statements an app sends to its database (issue 18 §2): on PGlite every `query` of the
 * client and of its transactions, on PostgreSQL every `query` of the pool's connections (BEGIN and
 * COMMIT included).
 */
export function statementCounter(database: Database) {
  let count = 0;
  if (database.kind === 'pglite') {
    type Client = {
      query: (...args: unknown[]) => Promise<unknown>;
      transaction: (callback: (tx: object) => Promise<unknown>) => Promise<unknown>;
    };
    const client = (database.db as unknown as { $client: Client }).$client;
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    client.query = (...args) => {
      count += 1;
      return query(...args);
    };
    client.transaction = (callback) => {
      count += 2; // BEGIN and COMMIT, as on PostgreSQL
      return transaction((tx) =>
        callback(
          new Proxy(tx, {
            get: (target, key) => {
              const value = Reflect.get(target, key) as unknown;
              if (key !== 'query' || typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                count += 1;
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            },
          }),
        ),
      );
    };
  } else {
    const counted = new WeakSet<object>();
    database.pool!.on('acquire', (connection) => {
      if (counted.has(connection)) return;
      counted.add(connection);
      const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
      (connection as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        count += 1;
        return query(...args);
      };
    });
  }
  return {
    /** The statements `work` sends. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
      const before = count;
      const result = await work();
      return { result, statements: count - before };
    },
  };
}

export type StatementCounter = ReturnType<typeof statementCounter>;
