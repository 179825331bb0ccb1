import type { User } from '#shared/api/types.ts'
import { intlLocale } from '#shared/format/intl-locale.ts'

/**
 * Whether "I can help now" is on at `now`: the server's answer, with a chosen period that has run out since read
 * as off (the server's waves read it so too; docs/product.md#live-updates-and-push).
 */
export function helpsNow(user: Pick<User, 'availableToHelp' | 'availableUntil'>, now: number): boolean {
  return user.availableToHelp && (user.availableUntil === null || Date.parse(user.availableUntil) > now)
}

/** The end of a chosen period: midnight (the rest of the day), else the time as the clock shows it ("15:30"). */
export type HelpNowEnd = { midnight: true } | { midnight: false; time: string }

export function helpNowEnd(until: string, locale: string): HelpNowEnd {
  const end = new Date(until)
  if (end.getHours() === 0 && end.getMinutes() === 0) return { midnight: true }
  return {
    midnight: false,
    time: new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit' }).format(end),
  }
}
