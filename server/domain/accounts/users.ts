import type { Sql } from 'postgres'
import type { Static } from '@sinclair/typebox'
import type { Queryable } from '../../db/queryable.ts'
import type { PublicUser as PublicUserSchema } from '../../schemas/user.ts'
import { conflict } from '../../errors.ts'
import { USER_ERRORS } from './errors.ts'
import { releaseForDeletedUser } from '../requests/edits.ts'
import type { Language, Location } from './rules.ts'
import { helpNowOf, helpNowUntil, type HelpNowPeriod } from './help-now.ts'
import { blockedEitherWay } from '../blocks/blocked-either-way.ts'
import type { Abilities } from '../shared/abilities.ts'
import { abilitiesOf } from './abilities.ts'
import { keepModerationRecords, lockPhoneRecords } from '../moderation/kept-records.ts'
import type { UserRow } from './rows.ts'

/** What the API shows of a user: never the password hash or the location history. */
export type PublicUser = Static<typeof PublicUserSchema>

export function toPublicUser(row: UserRow): PublicUser {
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    phone: row.phone,
    radius: row.radius,
    language: row.language,
    isAdmin: row.is_admin,
    quietStart: hoursAndMinutes(row.quiet_start),
    quietEnd: hoursAndMinutes(row.quiet_end),
    hourlyCap: row.hourly_alert_cap,
    ...helpNowOf(row),
    abilities: abilitiesOf(row),
  }
}

/** "22:00:00" as the API's "22:00". */
const hoursAndMinutes = (time: string | null): string | null => (time === null ? null : time.slice(0, 5))

const USER_COLUMNS = [
  'user_id',
  'user_name',
  'phone',
  'password_hash',
  'radius',
  'language',
  'is_admin',
  'latitude',
  'longitude',
  'quiet_start',
  'quiet_end',
  'hourly_alert_cap',
  'available_to_help',
  'available_until',
  'ability_kit',
  'ability_transport',
  'ability_first_aid',
  'ability_languages',
]

/**
 * The columns of a UserRow, of the users row named `table` in the query (`users` or an alias); the block set is
 * blockedEitherWay's.
 */
export const userColumns = (sql: Queryable, table = 'users') =>
  sql`${sql(USER_COLUMNS.map((column) => `${table}.${column}`))}, ${blockedEitherWay(sql, table)} as blocked_either_way`

/** Unique violations become the conflict messages of docs/product.md#messages instead of a 500. */
function rethrowUniqueViolation(error: unknown): never {
  const { code, constraint_name } = error as { code?: string; constraint_name?: string }
  if (code === '23505' && constraint_name === 'users_user_name_lower_key') throw conflict(USER_ERRORS.userNameTaken)
  if (code === '23505' && constraint_name === 'users_phone_key') throw conflict(USER_ERRORS.phoneExists)
  throw error
}

export interface NewUser {
  userName: string
  phone: string
  passwordHash: string
  radius: number
  language: Language
  location: Location | null
}

export async function insertUser(sql: Queryable, user: NewUser): Promise<UserRow> {
  try {
    const [row] = await sql<UserRow[]>`
      insert into users (user_name, phone, password_hash, radius, language, latitude, longitude, location_updated_at)
      values (
        ${user.userName}, ${user.phone}, ${user.passwordHash}, ${user.radius}, ${user.language},
        ${user.location?.latitude ?? null}, ${user.location?.longitude ?? null},
        ${user.location ? sql`now()` : null}
      )
      returning ${userColumns(sql)}
    `
    return row!
  } catch (error) {
    rethrowUniqueViolation(error)
  }
}

export async function userById(sql: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from users where user_id = ${userId}`
  return row
}

export async function userByPhone(sql: Queryable, phone: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from users where phone = ${phone}`
  return row
}

/** A login identifier is a user name or a phone number; a name that equals the input wins over a phone. */
export async function userByIdentifier(
  sql: Queryable,
  name: string,
  phone: string | undefined,
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select ${userColumns(sql)} from users
    where lower(user_name) = lower(${name}) ${phone ? sql`or phone = ${phone}` : sql``}
    order by lower(user_name) = lower(${name}) desc
    limit 1
  `
  return row
}

export async function userNameTaken(sql: Queryable, name: string): Promise<boolean> {
  const [row] = await sql<
    { taken: boolean }[]
  >`select exists (select 1 from users where lower(user_name) = lower(${name})) as taken`
  return row!.taken
}

export async function phoneRegistered(sql: Queryable, phone: string): Promise<boolean> {
  const [row] = await sql<{ taken: boolean }[]>`select exists (select 1 from users where phone = ${phone}) as taken`
  return row!.taken
}

type Changes = Partial<
  Pick<
    UserRow,
    | 'user_name'
    | 'radius'
    | 'password_hash'
    | 'language'
    | 'is_admin'
    | 'quiet_start'
    | 'quiet_end'
    | 'hourly_alert_cap'
    | 'available_to_help'
  >
>

export async function updateUser(sql: Queryable, userId: number, changes: Changes): Promise<UserRow | undefined> {
  try {
    const [row] = await sql<UserRow[]>`
      update users set ${sql(changes)} where user_id = ${userId} returning ${userColumns(sql)}
    `
    return row
  } catch (error) {
    rethrowUniqueViolation(error)
  }
}

/**
 * Removes the user and everything personal that hangs on them, in the caller's transaction: their requests,
 * sessions and codes; requests they were working on go back to new. Their moderation records stay, tied to
 * `phoneKey` (phoneRecordKey of their number) instead (docs/adr/0018-moderation-records-by-phone-key.md). Answers
 * the ids of the requests changed.
 */
export async function deleteUser(
  sql: Queryable,
  user: Pick<UserRow, 'user_id' | 'phone'>,
  phoneKey: Buffer,
): Promise<number[]> {
  // The push quota row first, before anything else is locked: a wave holding it (alert-quota.ts) needs nothing this
  // transaction holds yet, so it finishes and this goes on. Left to the cascade from the user row, this would wait
  // for that wave while holding the user row, whose key the wave's alert record needs: a deadlock.
  await sql`delete from push_alert_quota where user_id = ${user.user_id}`
  // A registration of the number waits for this deletion, and then sees a ban it leaves (refuseBannedPhone).
  await lockPhoneRecords(sql, user.phone)
  await keepModerationRecords(sql, user.user_id, phoneKey)
  const changedRequests = await releaseForDeletedUser(sql, user.user_id)
  await sql`delete from phone_codes where phone = ${user.phone}`
  await sql`delete from users where user_id = ${user.user_id}`
  return changedRequests
}

export async function countUsers(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from users`
  return row!.count
}

export async function setAdminByName(sql: Queryable, userName: string, isAdmin: boolean): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set is_admin = ${isAdmin} where lower(user_name) = lower(${userName}) returning ${userColumns(sql)}
  `
  return row
}

/** The dashboard's grant/revoke; the caller tells every instance (a `user` bus message), as the admin command does. */
export async function setAdmin(sql: Queryable, userId: number, isAdmin: boolean): Promise<UserRow | undefined> {
  return updateUser(sql, userId, { is_admin: isAdmin })
}

/** "I can help now" switched, with the end of a chosen period computed by the database's clock (help-now.ts). */
export async function setHelpNow(
  sql: Queryable,
  userId: number,
  availableToHelp: boolean,
  period: HelpNowPeriod | undefined,
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users
    set available_to_help = ${availableToHelp}, available_until = ${helpNowUntil(sql, availableToHelp, period)}
    where user_id = ${userId}
    returning ${userColumns(sql)}
  `
  return row
}

/** What the user can help with, as checkAbilities left it (abilities.ts). */
export async function setAbilities(sql: Queryable, userId: number, abilities: Abilities): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users
    set ability_kit = ${abilities.kit}::text[], ability_transport = ${abilities.transport}::text[],
      ability_first_aid = ${abilities.firstAid}, ability_languages = ${abilities.languages}::text[]
    where user_id = ${userId}
    returning ${userColumns(sql)}
  `
  return row
}
