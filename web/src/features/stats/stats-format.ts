const number = (locale: string, options: Intl.NumberFormatOptions, value: number) =>
  new Intl.NumberFormat(locale, options).format(value)

/**
 * A median time written out for a sentence, in the unit that reads best: seconds under a minute, whole minutes under
 * an hour, hours under two days (one decimal below ten), then days ("6 minutes", "1.5 hours"; "6 minuuttia",
 * "6 minuter"). Long unit names: the page says it in words, not as a dashboard does.
 */
export function formatDuration(minutes: number, locale: string): string {
  const [unit, value, fraction] =
    minutes < 1
      ? (['second', Math.round(minutes * 60), 0] as const)
      : minutes < 60
        ? (['minute', Math.round(minutes), 0] as const)
        : minutes < 48 * 60
          ? (['hour', minutes / 60, minutes < 600 ? 1 : 0] as const)
          : (['day', minutes / 1440, 0] as const)
  return number(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: fraction }, value)
}

/** `part` of `whole` as a whole percentage ("83%", "83 %"). */
export function formatShare(part: number, whole: number, locale: string): string {
  return number(locale, { style: 'percent', maximumFractionDigits: 0 }, whole > 0 ? part / whole : 0)
}
