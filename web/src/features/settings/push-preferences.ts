import { hourlyCapProblem, quietHoursProblem } from '#server/domain/accounts/push-preference-rules.ts'
import type { NotificationPreferences } from '#features/account'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'

// The choices and defaults the settings offer, defined once with the rules the server applies.
export { HOURLY_CAP_CHOICES, HOURLY_CAP_DEFAULT } from '#server/domain/accounts/push-preference-rules.ts'

/** The server's own check of quiet hours and the hourly cap, for an answer before the round trip. */
export function notificationPreferencesError(preferences: NotificationPreferences): MessageKey | null {
  const problem =
    quietHoursProblem(preferences.quietStart, preferences.quietEnd) ?? hourlyCapProblem(preferences.hourlyCap)
  return problem === null ? null : keyForServerError(problem)
}
