import type { Language } from './languages.ts'

/**
 * A user's row as the account's SQL reads it. Types only, importing nothing above them: the request rules that take a
 * viewer (requests/requests.ts) and the ability rules (abilities.ts) name it without the account's changes
 * (users.ts), which use them in turn.
 */
export interface UserRow {
  user_id: number
  user_name: string
  phone: string
  password_hash: string
  radius: number
  language: Language
  is_admin: boolean
  latitude: number | null
  longitude: number | null
  /** Quiet hours, Helsinki wall-clock "HH:MM:SS" as the time columns come back; both null: none. */
  quiet_start: string | null
  quiet_end: string | null
  hourly_alert_cap: number
  /** "I can help now": off, the waves of alerts about other people's new requests pass the user over. */
  available_to_help: boolean
  /** On for a chosen time: off from this instant on (helpNow.ts); null: no end. */
  available_until: Date | null
  /** What the user can help with (abilities.ts, migration 00028): lists of the fixed items of shared/abilities.ts. */
  ability_kit: string[]
  ability_transport: string[]
  ability_first_aid: boolean
  ability_languages: string[]
  /**
   * The users with a block between them and this user, whichever of the two made it (docs/safety.md, "Blocks"),
   * in ascending order. Read with the user, so every check of what this user may see or hear of uses the same set.
   * Server-side only: never in an answer.
   */
  blocked_either_way: readonly number[]
}
