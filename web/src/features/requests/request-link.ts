/** The request id in `?request=<id>` (push notifications link there, and the admin's live list), or null. */
export function requestIdOf(search: string): number | null {
  const value = new URLSearchParams(search).get('request')
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null
  return Number(value)
}
