import { badRequest } from '../../errors.ts'
import type { NotificationPreferencesBody } from '../../schemas/user.ts'
import { hourlyCapProblem, quietHoursProblem } from './push-preference-rules.ts'
import type { UserRow } from './rows.ts'

/** PUT /api/user/notification-preferences's body as the users row stores it, or the 400 that says what is wrong. */
export function checkNotificationPreferences(
  body: NotificationPreferencesBody,
): Pick<UserRow, 'quiet_start' | 'quiet_end' | 'hourly_alert_cap'> {
  const quietStart = typeof body.quietStart === 'string' ? body.quietStart.trim() : null
  const quietEnd = typeof body.quietEnd === 'string' ? body.quietEnd.trim() : null
  const problem = quietHoursProblem(quietStart, quietEnd) ?? hourlyCapProblem(body.hourlyCap)
  if (problem !== null) throw badRequest(problem)
  return { quiet_start: quietStart, quiet_end: quietEnd, hourly_alert_cap: body.hourlyCap }
}
