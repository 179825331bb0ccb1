import { intlLocale } from '#shared/format/intl-locale.ts'

/** Sizes the way the section says them: MB with at most one decimal, kB below a megabyte ("12.4 of 38 MB"). */
export function sizeUnit(bytes: number): 'megabyte' | 'kilobyte' {
  return bytes >= 1e6 ? 'megabyte' : 'kilobyte'
}

const amount = (bytes: number, unit: 'megabyte' | 'kilobyte') => (unit === 'megabyte' ? bytes / 1e6 : bytes / 1e3)

/** "38 MB", "38 Mt" in Finnish, "120 kB". */
export function formatSize(bytes: number, locale: string, unit = sizeUnit(bytes)): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit,
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(amount(bytes, unit))
}

/** The number alone, in the unit of another size: the "12.4" of "12.4 of 38 MB". */
export function formatAmount(bytes: number, locale: string, unit: 'megabyte' | 'kilobyte'): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: unit === 'megabyte' ? 1 : 0,
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(amount(bytes, unit))
}

/** "29 Nov", "29. marrask." */
export const formatDay = (at: number, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short' }).format(new Date(at))
