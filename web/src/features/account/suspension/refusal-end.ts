import { intlLocale } from '#shared/format/intl-locale.ts'
/** When a suspension ends, as the user reads it: their language's date and time in Finnish time, where it runs. */
export function formatRefusalEnd(until: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Helsinki',
  }).format(until)
}
