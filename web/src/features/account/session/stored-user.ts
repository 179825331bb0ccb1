import { HOURLY_CAP_DEFAULT } from '../../../../../server/domain/accounts/push-preference-rules.ts'
import type { User } from '../../../shared/api/types.ts'
import { isLanguage } from '../../../shared/i18n/language.ts'

/** What is kept of the user between visits (SPEC section 3): enough to show who is logged in before the server answers. */
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
>

export function toStoredUser(user: User): StoredUser {
  const { user_id, user_name, phone, radius, language, quietStart, quietEnd, hourlyCap } = user
  const { availableToHelp, availableUntil } = user
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
    }
  } catch {
    return null
  }
}
