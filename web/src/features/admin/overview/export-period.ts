/** A calendar day as YYYY-MM-DD in the browser's time zone (the export's days are Helsinki days: the same in Finland). */
export function dayString(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The period the export form starts with: the last 30 days, today included. */
export function defaultExportPeriod(today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)
  return { from: dayString(from), to: dayString(today) }
}

export const exportPath = (from: string, to: string) =>
  `/api/admin/requests.csv?${new URLSearchParams({ from, to }).toString()}`
