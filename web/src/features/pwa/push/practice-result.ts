/**
 * What a tapped practice alert opens (`/?practice=<sent>&reached=<shown>&tapped=<tapped>`, docs/live-and-push.md,
 * "Practice alert"): the server's send time and the phone's moments, stamped by the service worker. Pure, so Node
 * tests run it as it is.
 */
export interface PracticeTimes {
  /** Seconds from sending to the phone showing it, or null when the worker did not stamp it (shown without it). */
  reachSeconds: number | null
  /** Seconds from showing to the tap; from sending when the showing is unknown. */
  tapSeconds: number
}

const moment = (params: URLSearchParams, name: string): number | null => {
  const value = params.get(name)
  return value !== null && /^[0-9]{1,15}$/.test(value) ? Number(value) : null
}

/**
 * The times of a practice alert from the app's query string, or null when it is not one. The server's clock sent
 * it and the phone's clock showed it, so a small difference between the clocks could make the first time negative:
 * it is shown as 0. Without a `tapped` stamp the app's own opening (`now`) stands for the tap.
 */
export function practiceTimes(search: string, now: number): PracticeTimes | null {
  const params = new URLSearchParams(search)
  const sent = moment(params, 'practice')
  if (sent === null) return null
  const reached = moment(params, 'reached')
  const tapped = moment(params, 'tapped') ?? now
  const seconds = (from: number, to: number) => Math.max(0, Math.round((to - from) / 1000))
  return reached === null
    ? { reachSeconds: null, tapSeconds: seconds(sent, tapped) }
    : { reachSeconds: seconds(sent, reached), tapSeconds: seconds(reached, tapped) }
}
