import { HOURLY_CAP_DEFAULT } from '#server/domain/accounts/push-preference-limits.ts'
import type { User } from '#shared/api/types.ts'
import { isLanguage } from '#shared/i18n/language.ts'
import {
  ABILITY_LANGUAGES,
  KIT_ITEMS,
  NO_ABILITIES,
  TRANSPORT_MODES,
  type Abilities,
} from '#server/domain/shared/abilities.ts'

/** What is kept of the user between visits (docs/product.md#accounts): enough to show who is logged in before the server answers. */
export type StoredUser = Pick<
  User,
  | 'user_id'
  | 'user_name'
  | 'phone'
  | 'radius'
  | 'language'
  | 'quietStart'
  | 'quietEnd'
  | 'hourlyCap'
  | 'availableToHelp'
  | 'availableUntil'
  | 'abilities'
>

export function toStoredUser(user: User): StoredUser {
  const { user_id, user_name, phone, radius, language, quietStart, quietEnd, hourlyCap } = user
  const { availableToHelp, availableUntil, abilities } = user
  return {
    user_id,
    user_name,
    phone,
    radius,
    language,
    quietStart,
    quietEnd,
    hourlyCap,
    availableToHelp,
    availableUntil,
    abilities,
  }
}

/** Only the items of the lists, whatever storage holds. */
const itemsOf = <T extends string>(list: readonly T[], value: unknown): T[] =>
  Array.isArray(value) ? list.filter((item) => value.includes(item)) : []

function abilitiesOf(value: unknown): Abilities {
  if (typeof value !== 'object' || value === null) return NO_ABILITIES
  const stored = value as Record<string, unknown>
  return {
    kit: itemsOf(KIT_ITEMS, stored.kit),
    transport: itemsOf(TRANSPORT_MODES, stored.transport),
    firstAid: stored.firstAid === true,
    languages: itemsOf(ABILITY_LANGUAGES, stored.languages),
  }
}

const timeOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** Validates a parsed value instead of trusting it: storage outlives app versions and can be edited by hand. */
export function parseStoredUser(json: string | null): StoredUser | null {
  if (!json) return null
  try {
    const value: unknown = JSON.parse(json)
    if (typeof value !== 'object' || value === null) return null
    const user = value as Record<string, unknown>
    if (typeof user.user_name !== 'string' || typeof user.phone !== 'string') return null
    if (typeof user.user_id !== 'number' || typeof user.radius !== 'number') return null
    return {
      user_id: user.user_id,
      user_name: user.user_name,
      phone: user.phone,
      radius: user.radius,
      language: isLanguage(user.language) ? user.language : 'english',
      // Stored before notification preferences existed: the defaults, until the server's answer replaces them.
      quietStart: timeOrNull(user.quietStart),
      quietEnd: timeOrNull(user.quietEnd),
      hourlyCap: typeof user.hourlyCap === 'number' ? user.hourlyCap : HOURLY_CAP_DEFAULT,
      // Stored before "I can help now" existed: on, the server's default.
      availableToHelp: typeof user.availableToHelp === 'boolean' ? user.availableToHelp : true,
      availableUntil: timeOrNull(user.availableUntil),
      // Stored before abilities existed: none, until the server's answer replaces them.
      abilities: abilitiesOf(user.abilities),
    }
  } catch {
    return null
  }
}
