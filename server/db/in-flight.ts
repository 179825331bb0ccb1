import type { Sql } from 'postgres'

/**
 * postgres.js keeps its pool's state (busy, idle, connecting) private, so "connections in use" is counted from
 * our side instead: a query counts from the moment it is sent (awaited) until it settles, a transaction
 * (`sql.begin`) for as long as it holds its connection. The number is what is running or waiting for a connection;
 * beside the pool's size it shows saturation. Queries inside a transaction use its connection and are not counted
 * again; fragments (`sql` nested in `sql`) are never awaited and never counted.
 */
export function countInFlight(sql: Sql): { sql: Sql; inFlight: () => number } {
  let inFlight = 0
  const settle = () => {
    inFlight -= 1
  }

  /**
   * Counts a postgres.js query once, when it is sent. A query is a thenable that runs when first awaited (patched
   * to be no Promise subclass: patches/postgres+3.4.9+003+thenable-query.patch), so it is told by its `then`.
   */
  const tracked = <T>(result: T): T => {
    if (typeof (result as { then?: unknown } | null)?.then !== 'function') return result
    const query = result as Promise<unknown>
    // postgres.js sends a query from its own then(): bound here, it is called as the query's method still.
    const then = query.then.bind(query)
    let sent = false
    query.then = ((...args: Parameters<Promise<unknown>['then']>) => {
      if (!sent) {
        sent = true
        inFlight += 1
        void then(settle, settle)
      }
      return then(...args)
    }) as Promise<unknown>['then']
    return result
  }

  type Method = (...args: unknown[]) => unknown
  const counted = new Proxy(sql, {
    apply: (target, thisArg, args: unknown[]) => tracked<unknown>(Reflect.apply(target, thisArg, args)),
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'unsafe') return (...args: unknown[]) => tracked(Reflect.apply(value as Method, target, args))
      if (property === 'begin') {
        return (...args: unknown[]) => {
          inFlight += 1
          const transaction = Reflect.apply(value as Method, target, args) as Promise<unknown>
          transaction.then(settle, settle)
          return transaction
        }
      }
      return value
    },
  })
  return { sql: counted, inFlight: () => inFlight }
}
