import fp from 'fastify-plugin'
import type { Sql } from 'postgres'
import type { Config } from '../config.ts'
import { openDatabase, type Database, type StatementHook } from '../db/database.ts'
import { countInFlight } from '../db/in-flight.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    sql: Sql
    /** Queries and transactions running or waiting for a connection (the db_queries_in_flight metric). */
    dbInFlight: () => number
  }
}

export default fp<{ config: Config; debug?: StatementHook | undefined }>(
  async (app, { config, debug }) => {
    const db = await openDatabase(config, app.log, { debug })
    app.decorate('db', db)
    // Everything the app runs goes through the counting wrapper; db.sql itself stays unwrapped for closing.
    const counted = countInFlight(db.sql)
    app.decorate('sql', counted.sql)
    app.decorate('dbInFlight', counted.inFlight)
    // Runs after the HTTP server has stopped and in-flight requests have finished.
    app.addHook('onClose', async () => {
      await db.close()
    })
  },
  { name: 'db' },
)
