import { intlLocale } from '#shared/format/intl-locale.ts'
/** What a figure that cannot be measured (no completed requests) shows. */
export const NO_VALUE = '—'

const number = (locale: string, options: Intl.NumberFormatOptions, value: number) =>
  new Intl.NumberFormat(locale, options).format(value)

/** One decimal for small amounts (6.5 min, 1.5 h), whole numbers above ten: as precise as a glance needs. */
const digits = (value: number) => (value < 10 ? 1 : 0)

/**
 * A median time in the unit that reads best: seconds under a minute, minutes under an hour, hours under two days,
 * then days ("40 sec", "42 min", "1.5 hr", "3 days"; "1,5 t", "1,5 tim" in fi and sv). `null` (nothing to measure)
 * is a dash.
 */
export function formatDuration(minutes: number | null, locale: string): string {
  if (minutes === null) return NO_VALUE
  const [unit, value, fraction] =
    minutes < 1
      ? (['second', Math.round(minutes * 60), 0] as const)
      : minutes < 60
        ? (['minute', minutes, digits(minutes)] as const)
        : minutes < 48 * 60
          ? (['hour', minutes / 60, digits(minutes / 60)] as const)
          : (['day', minutes / 1440, digits(minutes / 1440)] as const)
  return number(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: fraction }, value)
}

/** `part` of `whole` as a whole percentage ("87 %", "87%"); null when there is no whole to speak of. */
export function formatShare(part: number, whole: number, locale: string): string | null {
  if (whole <= 0) return null
  return number(locale, { style: 'percent', maximumFractionDigits: 0 }, part / whole)
}

/** A count with the locale's grouping (1 250, 1,250). */
export function formatCount(value: number, locale: string): string {
  return number(locale, {}, value)
}

/** HH:MM:SS on a 24-hour clock, as the app's languages write it: when the figures were last loaded. */
export function formatClock(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms)
}
