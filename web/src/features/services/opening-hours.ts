import type OpeningHours from 'opening_hours'
import { finnishPlace, parseOpeningHours } from '#server/domain/services/opening-hours.ts'
import { HOURS_TIME_ZONE_NAME } from './hours-zone.ts'
import { intlLocale } from '#shared/format/intl-locale.ts'

/**
 * "Open now" (docs/services.md#opening-hours): a service's `opening_hours` read by the opening_hours library, in
 * Finland's time zone whatever the device's, with Finland's public holidays. Pure, but large (the library holds
 * every country's holidays): screens load it with `import()` (useOpeningHours.ts), never on the first screen.
 */

export const HOURS_TIME_ZONE = HOURS_TIME_ZONE_NAME

export interface HoursState {
  /** 'unknown': no hours given, or hours that do not say (a comment only, an open end such as "10:00+"). */
  state: 'open' | 'closed' | 'unknown'
  /** When an open service next closes (or stops being known open), within the next 8 days. */
  closesAt?: Date
  /** When a closed service next opens, within the next 8 days. */
  opensAt?: Date
}

/** How far ahead a change is looked for: a week and a day, enough for "opens on Monday". */
const LOOK_AHEAD_MS = 8 * 24 * 3_600_000

const helsinkiParts = new Intl.DateTimeFormat('en-US', {
  timeZone: HOURS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The date and time on a clock in Helsinki at an instant. */
export function helsinkiClock(at: Date): WallClock {
  const parts = Object.fromEntries(helsinkiParts.formatToParts(at).map((part) => [part.type, part.value])) as Record<
    string,
    string
  >
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/**
 * The library reads a Date's local fields (getHours, getDay): it evaluates in the device's time zone. So it is given
 * Helsinki's clock as local fields, and its answers are read back the same way. On a device in Finland that is the
 * identity; elsewhere a Helsinki time that falls in the device's own daylight-saving gap would be off by an hour.
 */
function asLocalFields(at: Date): Date {
  const clock = helsinkiClock(at)
  return new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second)
}

const utcOf = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second)

/** The instant at which Helsinki's clock shows the local fields of `wall` (the library's answers). */
function instantOfLocalFields(wall: Date): Date {
  const asUtc = utcOf({
    year: wall.getFullYear(),
    month: wall.getMonth() + 1,
    day: wall.getDate(),
    hour: wall.getHours(),
    minute: wall.getMinutes(),
    second: wall.getSeconds(),
  })
  // Helsinki is 2 or 3 hours ahead of UTC: guess with the offset at the wall time read as UTC, then correct once.
  const offsetAt = (instant: number) => utcOf(helsinkiClock(new Date(instant))) - Math.floor(instant / 1000) * 1000
  const guess = asUtc - offsetAt(asUtc)
  return new Date(asUtc - offsetAt(guess))
}

/** Parsed values by text and place: a list evaluates the same few values again each minute. */
const parsed = new Map<string, OpeningHours | null>()

function hoursOf(value: string, place: { latitude: number; longitude: number } | undefined): OpeningHours | null {
  const key = `${value}\n${place?.latitude ?? ''},${place?.longitude ?? ''}`
  if (!parsed.has(key)) {
    const result = parseOpeningHours(value, finnishPlace(place?.latitude, place?.longitude))
    // The server refuses values the library cannot read, so this is data from before a rule change: unknown.
    parsed.set(key, 'hours' in result ? result.hours : null)
  }
  return parsed.get(key) ?? null
}

/**
 * Whether a service is open at `at` by its `opening_hours` in Helsinki time, and when that changes. `place` (the
 * service's coordinates) matters only for `sunrise`/`sunset`. Never throws: what cannot be evaluated is unknown.
 */
export function evaluateHours(
  value: string | null,
  at: Date,
  place?: { latitude: number; longitude: number },
): HoursState {
  if (!value) return { state: 'unknown' }
  const hours = hoursOf(value, place)
  if (!hours) return { state: 'unknown' }
  try {
    const wall = asLocalFields(at)
    const state = hours.getStateString(wall, true)
    if (state === 'unknown') return { state }
    const change = hours.getNextChange(wall, new Date(wall.getTime() + LOOK_AHEAD_MS))
    if (!change) return { state }
    const changeAt = instantOfLocalFields(change)
    if (state === 'open') return { state, closesAt: changeAt }
    // Closed until a time that is only "unknown" (a comment, an open end) is no known opening.
    return hours.getState(change) ? { state, opensAt: changeAt } : { state }
  } catch (error) {
    console.warn('Evaluating opening hours failed', value, error)
    return { state: 'unknown' }
  }
}

/** What a list or a detail says about the hours; null says nothing (unknown). */
export type HoursSummary =
  | { kind: 'open' }
  | { kind: 'closesat'; time: string }
  | { kind: 'closed' }
  | { kind: 'opensat'; time: string }
  | { kind: 'opensattomorrow'; time: string }
  | { kind: 'opensaton'; time: string; weekday: string }

const DAY_MS = 24 * 3_600_000

/** Calendar days in Helsinki from `from` to `to` (0: the same day). */
function helsinkiDaysBetween(from: Date, to: Date): number {
  const day = (instant: Date) => {
    const clock = helsinkiClock(instant)
    return Date.UTC(clock.year, clock.month - 1, clock.day) / DAY_MS
  }
  return day(to) - day(from)
}

/**
 * The state in words for the UI's locale: "Open, closes at 18:00" only when it closes within a day (a service open
 * around the clock is just "Open now"); a closed service's next opening today, tomorrow, or by weekday within the
 * week. Times are Helsinki times in the locale's 24-hour form (18.00 in Finnish).
 */
export function summariseHours(hours: HoursState, at: Date, locale: string): HoursSummary | null {
  const time = (instant: Date) =>
    new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone: HOURS_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant)
  if (hours.state === 'unknown') return null
  if (hours.state === 'open') {
    return hours.closesAt && hours.closesAt.getTime() - at.getTime() <= DAY_MS
      ? { kind: 'closesat', time: time(hours.closesAt) }
      : { kind: 'open' }
  }
  if (!hours.opensAt) return { kind: 'closed' }
  const days = helsinkiDaysBetween(at, hours.opensAt)
  if (days === 0) return { kind: 'opensat', time: time(hours.opensAt) }
  if (days === 1) return { kind: 'opensattomorrow', time: time(hours.opensAt) }
  if (days < 7) {
    const weekday = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: HOURS_TIME_ZONE, weekday: 'short' }).format(
      hours.opensAt,
    )
    return { kind: 'opensaton', time: time(hours.opensAt), weekday }
  }
  return { kind: 'closed' }
}

export interface DayHours {
  /** Noon of the day in Helsinki: format it with HOURS_TIME_ZONE for its weekday and date. */
  day: Date
  /** The day's open times, cut at midnight; `unknown` for a time the hours only comment on. */
  intervals: { from: Date; to: Date; unknown: boolean; comment?: string }[]
}

/**
 * The hours of the seven days from `at`'s day on, in Helsinki days, with holidays applied: the detail shows a week
 * in the user's language rather than the syntax. Null when the hours are unknown or cannot be read.
 */
export function weekHours(
  value: string | null,
  at: Date,
  place?: { latitude: number; longitude: number },
): DayHours[] | null {
  if (!value) return null
  const hours = hoursOf(value, place)
  if (!hours) return null
  try {
    const today = helsinkiClock(at)
    return Array.from({ length: 7 }, (_, index) => {
      const start = new Date(today.year, today.month - 1, today.day + index)
      const end = new Date(today.year, today.month - 1, today.day + index + 1)
      const noon = new Date(today.year, today.month - 1, today.day + index, 12)
      return {
        day: instantOfLocalFields(noon),
        intervals: hours.getOpenIntervals(start, end).map(([from, to, unknown, comment]) => ({
          from: instantOfLocalFields(from),
          to: instantOfLocalFields(to),
          unknown,
          ...(comment ? { comment } : {}),
        })),
      }
    })
  } catch (error) {
    console.warn('Evaluating opening hours failed', value, error)
    return null
  }
}
