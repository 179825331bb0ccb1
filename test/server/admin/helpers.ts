import type { FastifyInstance } from 'fastify'
import { uniquePhone } from '../../accounts.ts'

/** A user written straight to the database, for figures that need a known creation time or odd names. */
export async function insertUser(
  app: FastifyInstance,
  fields: { user_name: string; created_at?: string; located?: boolean; phone?: string },
): Promise<{ user_id: number; phone: string }> {
  const phone = fields.phone ?? uniquePhone()
  const [row] = await app.sql<{ user_id: number }[]>`
    insert into users (user_name, phone, password_hash, latitude, longitude, created_at)
    values (${fields.user_name}, ${phone}, 'not a real hash', ${fields.located ? 60.2 : null},
      ${fields.located ? 24.9 : null}, coalesce(${fields.created_at ?? null}::timestamptz, now()))
    returning user_id
  `
  return { user_id: row!.user_id, phone }
}

/** The start of today in Helsinki, as PostgreSQL computes it (the tests place rows around it). */
export async function helsinkiTodayStart(app: FastifyInstance): Promise<Date> {
  const [row] = await app.sql<{ start: Date }[]>`
    select date_trunc('day', now() at time zone 'Europe/Helsinki') at time zone 'Europe/Helsinki' as start
  `
  return row!.start
}
