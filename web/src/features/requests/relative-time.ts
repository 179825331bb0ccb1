import { intlLocale } from '#shared/format/intl-locale.ts'
/** Units from the largest down, with their length in seconds (a month is 30 days, a year 365: labels, not dates). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/**
 * "5 minutes ago", "5 minuuttia sitten", "för 5 minuter sedan": the largest whole unit, in the interface locale
 * (docs/product.md#help-requests: created and updated as relative times in fi, sv and en). Under a minute is `justNow`,
 * the catalog's "just now": Intl's own word ("nyt", "nu") reads as "Päivitetty nyt", which sounds like a command in
 * Finnish.
 */
export function formatRelativeTime(iso: string, nowMs: number, locale: string, justNow: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000)
  if (Math.abs(seconds) < 60) return justNow
  for (const [unit, length] of UNITS) {
    if (Math.abs(seconds) >= length) return format.format(Math.trunc(seconds / length), unit)
  }
  return format.format(0, 'second')
}

/** The units of an age: those of a relative time down to minutes (Intl.NumberFormat knows them by these names). */
type AgeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute'
const AGE_UNITS = UNITS.filter(([unit]) => unit !== 'second') as readonly [AgeUnit, number][]

/**
 * How old something is, short enough for a list card: "12 min", "3 hr" ("3 t" in fi, "3 tim" in sv), "2 days".
 * The largest whole unit, in the interface locale; under a minute is "now" ("nyt", "nu").
 */
export function formatAge(iso: string, nowMs: number, locale: string): string {
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000))
  for (const [unit, length] of AGE_UNITS) {
    if (seconds >= length) {
      return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(
        Math.trunc(seconds / length),
      )
    }
  }
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second')
}

/** HH:MM with the locale's separator (14:32, 14.32): a 24-hour clock, as the app's languages use. */
export function formatClockTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    ms,
  )
}
