/**
 * The people of the live-events benchmark: users spread over Finland as bench/recipients.ts places them, a pool of
 * open requests where they are, written straight into the database in a few statements, each user with a session
 * and an access token signed as the server signs them.
 */
import { createHmac } from 'node:crypto'
import type { Sql } from 'postgres'
import { ACCESS_TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../server/plugins/auth.ts'
import { isRecipient, type ChangedRequest, type Listener } from '../../server/events/recipients.ts'
import { random, somewhere } from './finland.ts'

/** Radii as people choose them: mostly the default 10 km, some 25/50/100, a few the 999 km maximum. */
function radius(rnd: () => number): number {
  const roll = rnd()
  return roll < 0.8 ? 10 : roll < 0.9 ? 25 : roll < 0.96 ? 50 : roll < 0.99 ? 100 : 999
}

export interface BenchUser extends Listener {
  user_name: string
  /** An access token of a live session, valid for the whole run. */
  token: string
}

export interface BenchRequest extends ChangedRequest {
  request_id: number
  /** The owner's token: only the owner may edit the description. */
  ownerToken: string
}

export interface Population {
  /** In user_id order; the first N are the ones connected at size N. */
  users: BenchUser[]
  requests: BenchRequest[]
}

/** An HS256 JWT with the claims of server/plugins/auth.ts accessTokenFor, but lasting the whole run (not 15 min). */
export function accessToken(
  secret: string,
  user: { user_id: number; user_name: string; is_admin: boolean },
  sid: string,
) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub: String(user.user_id),
    user_id: user.user_id,
    user_name: user.user_name,
    isAdmin: user.is_admin,
    sid,
    iat: now,
    exp: now + 6 * 3600,
    iss: TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
  })}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

/**
 * Writes `userCount` users (5% without a location, 0.1% admins) and `requestCount` open requests (located where
 * people are; a third taken over by a responder) in a handful of statements, and a session per user.
 */
export async function populate(sql: Sql, secret: string, userCount: number, requestCount: number): Promise<Population> {
  const rnd = random(2026)
  const drafts = Array.from({ length: userCount }, (_, i) => {
    const located = rnd() >= 0.05
    return {
      user_name: `bench${i + 1}`,
      phone: `+35840${String(i + 1).padStart(7, '0')}`,
      radius: radius(rnd),
      is_admin: rnd() < 0.001,
      ...(located ? somewhere(rnd) : { latitude: null, longitude: null }),
    }
  })
  const inserted = await sql<(Omit<BenchUser, 'token'> & { session_id: string })[]>`
    with u as (
      insert into users (user_name, phone, password_hash, radius, latitude, longitude, is_admin, location_updated_at)
      select user_name, phone, 'not a real hash', radius, latitude, longitude, is_admin,
        case when latitude is null then null else now() end
      from jsonb_to_recordset(${JSON.stringify(drafts)}::text::jsonb)
        as x(user_name text, phone text, radius int, latitude float8, longitude float8, is_admin bool)
      returning user_id, user_name, radius, latitude, longitude, is_admin
    ), s as (
      insert into sessions (session_id, user_id, expires_at)
      select gen_random_uuid(), user_id, now() + interval '1 day' from u
      returning session_id, user_id
    )
    select u.*, s.session_id from u join s using (user_id) order by user_id
  `
  const users: BenchUser[] = inserted.map(({ session_id, ...user }) => ({
    ...user,
    // Nobody blocks anyone here (isRecipient reads the set).
    blocked_either_way: [],
    token: accessToken(secret, user, session_id),
  }))

  // Owners are spread over the connected range of every size; no owner has two (the active limit is 2 anyway).
  const step = Math.max(1, Math.floor(Math.min(userCount, 1000) / requestCount))
  const requestDrafts = Array.from({ length: requestCount }, (_, i) => {
    const owner = users[(i * step) % users.length]!
    const taken = rnd() < 0.33
    const responder = taken ? users[(i * step + 1 + Math.floor(rnd() * 5000)) % users.length]! : undefined
    return {
      owner_id: owner.user_id,
      responder_id: responder && responder.user_id !== owner.user_id ? responder.user_id : null,
      description: `Bench request ${i + 1}: a flat tyre near the cycle path, pump needed`,
      ...somewhere(rnd),
    }
  })
  const requestRows = await sql<Omit<BenchRequest, 'ownerToken' | 'is_test'>[]>`
    with r as (
      insert into requests (owner_id, responder_id, status, category, description, latitude, longitude, first_responded_at)
      select owner_id, responder_id, case when responder_id is null then 'new' else 'in progress' end, 'other',
        description, latitude, longitude, case when responder_id is null then null else now() end
      from jsonb_to_recordset(${JSON.stringify(requestDrafts)}::text::jsonb)
        as x(owner_id int, responder_id int, description text, latitude float8, longitude float8)
      returning request_id, owner_id, responder_id, latitude, longitude
    ), taken as (
      insert into request_responses (request_id, responder_id)
      select request_id, responder_id from r where responder_id is not null
    )
    select * from r order by request_id
  `
  const byId = new Map(users.map((user) => [user.user_id, user]))
  const requests = requestRows.map((row) => ({
    ...row,
    is_test: false,
    ownerToken: byId.get(row.owner_id)!.token,
  }))
  return { users, requests }
}

/** For each request, the indexes (into `users`) of the first `connected` users who must hear of its change. */
export function intendedRecipients(population: Population, connected: number): Int32Array[] {
  const listeners = population.users.slice(0, connected)
  return population.requests.map((request) => {
    const chosen: number[] = []
    listeners.forEach((user, index) => {
      if (isRecipient(request, user)) chosen.push(index)
    })
    return Int32Array.from(chosen)
  })
}
