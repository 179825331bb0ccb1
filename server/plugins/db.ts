import fp from 'fastify-plugin'
import type { Sql } from 'postgres'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/database.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    sql: Sql
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const db = await openDatabase(config, app.log)
    app.decorate('db', db)
    app.decorate('sql', db.sql)
    // Runs after the HTTP server has stopped and in-flight requests have finished.
    app.addHook('onClose', async () => {
      await db.close()
    })
  },
  { name: 'db' },
)
