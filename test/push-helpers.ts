import type { FastifyInstance } from 'fastify'
import type { Sql } from 'postgres'
import { browserSubscription, type startPushService } from './push-service.ts'

export interface Place {
  latitude: number
  longitude: number
}

export const HELSINKI: Place = { latitude: 60.1699, longitude: 24.9384 }
export const TAMPERE: Place = { latitude: 61.4978, longitude: 23.761 }

/** The point `km` away from `from` towards `bearing` degrees (0 = north, 90 = east), on a sphere: exact enough here. */
export function away(from: Place, km: number, bearing: number): Place {
  const radius = 12742 / 2
  const rad = Math.PI / 180
  const [lat1, lon1, b, d] = [from.latitude * rad, from.longitude * rad, bearing * rad, km / radius]
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b))
  const lon2 =
    lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2))
  return { latitude: lat2 / rad, longitude: lon2 / rad }
}

export interface Helper {
  userId: number
  /** The push service's id of this user's device (the endpoint's last path segment). */
  id: string
  browser: ReturnType<typeof browserSubscription>
}

let made = 0

/**
 * A user written straight into the database, with a location, a radius and (unless `subscribed` is false) one push
 * subscription on the local push service: many of them in a test cost milliseconds, not a registration each.
 */
export async function placeUser(
  sql: Sql,
  origin: string,
  options: {
    at: Place | null
    radius?: number
    language?: 'finnish' | 'swedish' | 'english'
    subscribed?: boolean
    admin?: boolean
    name?: string
  },
): Promise<Helper> {
  made += 1
  const name = options.name ?? `helper${process.pid % 1000}x${made}`
  const [row] = await sql<{ user_id: number }[]>`
    insert into users (user_name, phone, password_hash, radius, latitude, longitude, language, is_admin)
    values (
      ${name}, ${`+3584${String(process.pid % 1000).padStart(3, '0')}${String(made).padStart(5, '0')}`}, 'not-a-hash',
      ${options.radius ?? 999}, ${options.at?.latitude ?? null}, ${options.at?.longitude ?? null},
      ${options.language ?? 'english'}, ${options.admin ?? false}
    )
    returning user_id
  `
  const id = name.toLowerCase()
  const browser = browserSubscription(origin, id)
  if (options.subscribed !== false) {
    await sql`
      insert into push_subscriptions (endpoint, user_id, p256dh, auth)
      values (${browser.json.endpoint}, ${row!.user_id}, ${browser.json.keys.p256dh}, ${browser.json.keys.auth})
    `
  }
  return { userId: row!.user_id, id, browser }
}

/**
 * Runs the waits of escalation now: every scheduled wave falls due (a paused one too: the worker pauses it again
 * while its request is taken), and the worker is told to look.
 */
export async function escalateNow(app: FastifyInstance): Promise<void> {
  await app.sql`update push_waves set due_at = now()`
  app.push.queue.wake()
  await app.push.idle()
}

/** The ids of the devices the push service received pushes for since `since`, sorted. */
export const receivedIds = (service: Awaited<ReturnType<typeof startPushService>>, since = 0) =>
  service.received
    .slice(since)
    .map((push) => push.id)
    .sort()
