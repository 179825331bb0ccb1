import { intlLocale } from '#shared/format/intl-locale.ts'
/** A day as the dashboard writes it ("4 May 2026"), in the interface's language. */
export const formatDay = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(new Date(iso))

/** A moment: the day and the time ("4 May 2026, 14:05"). */
export const formatMoment = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
