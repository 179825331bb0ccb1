import type { DayFigures } from './figures-api.ts'

export interface Scale {
  /** The axis' top value: a whole number of steps at or above the largest bar. */
  top: number
  /** The gridlines from 0 to top. */
  ticks: number[]
}

/**
 * A count axis with at most `maxSteps` whole-number steps of 1, 2 or 5 times a power of ten (0 2 4 6 8, 0 20 40),
 * so the gridlines fall on numbers a reader can add up. An empty chart still gets an axis from 0 to 1.
 */
export function countScale(largest: number, maxSteps = 4): Scale {
  const rough = Math.max(largest, 1) / maxSteps
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power)
  const top = Math.max(step, Math.ceil(largest / step) * step)
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) }
}

export const completedOn = (day: DayFigures) => day.completed_with_help + day.completed_without_help

/** The highest bar of the chart: a day's created bar or its completed (stacked) bar. */
export const largestBar = (days: readonly DayFigures[]) =>
  Math.max(0, ...days.map((day) => Math.max(day.created, completedOn(day))))

export interface Totals {
  created: number
  completed_with_help: number
  completed_without_help: number
}

export function totals(days: readonly DayFigures[]): Totals {
  return days.reduce<Totals>(
    (sum, day) => ({
      created: sum.created + day.created,
      completed_with_help: sum.completed_with_help + day.completed_with_help,
      completed_without_help: sum.completed_without_help + day.completed_without_help,
    }),
    { created: 0, completed_with_help: 0, completed_without_help: 0 },
  )
}

/**
 * The days that get an axis label: today and every `every`th day before it, so the labels never crowd and the
 * last bar (today) is always named.
 */
export function labelledDays(count: number, every: number): Set<number> {
  const labelled = new Set<number>()
  for (let i = count - 1; i >= 0; i -= every) labelled.add(i)
  return labelled
}
