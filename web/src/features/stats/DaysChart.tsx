import { useLingui } from '@lingui/react'
import type { DayFigures } from './api.ts'
import { statsMessages as m } from './stats-catalog.ts'
import { formatLongDay, formatShortDay } from '#shared/format/days.ts'

/** Each day's slot in the drawing's own units; the SVG stretches to the width it gets. */
const SLOT = 10
const BAR = 7
const HEIGHT = 100

/**
 * The requests of each day as bars, the part that got help (where shown) in green at the bottom of each. Plain SVG
 * scaled to the page's width (no text inside it, so nothing is stretched); the scale and the first and last day are
 * written beside it. Screen readers get the drawing's summary as its name and every number in a table.
 */
export function DaysChart({ days, min, window }: { days: DayFigures[]; min: number; window: number }) {
  const { i18n } = useLingui()
  const max = Math.max(1, ...days.map((day) => day.requests ?? 0))
  const someHidden = days.some((day) => (day.requests ?? 0) > 0 && day.helped === null)
  const anyHelped = days.some((day) => day.helped !== null && day.helped > 0)
  const height = (count: number) => (count / max) * HEIGHT
  return (
    <figure className="stats-chart" aria-labelledby="stats-chart-heading">
      <h2 id="stats-chart-heading" className="stats-section__heading">
        {i18n._(m.stats_chartheading)}
      </h2>
      <ul className="stats-chart__legend" aria-hidden="true">
        <li>
          <span className="stats-chart__swatch stats-chart__swatch--requests" />
          {i18n._(m.stats_chartrequests)}
        </li>
        {anyHelped && (
          <li>
            <span className="stats-chart__swatch stats-chart__swatch--helped" />
            {i18n._(m.stats_charthelped)}
          </li>
        )}
      </ul>
      <div className="stats-chart__plot">
        <span className="stats-chart__max" aria-hidden="true">
          {max}
        </span>
        <svg
          className="stats-chart__svg"
          viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={i18n._(m.stats_chartsummary.id, { days: window, max })}
        >
          {days.map((day, i) => {
            const requests = day.requests ?? 0
            const helped = day.helped ?? 0
            const x = i * SLOT + (SLOT - BAR) / 2
            return (
              <g key={day.date}>
                {requests > 0 && (
                  <rect
                    className="stats-chart__bar--requests"
                    x={x}
                    y={HEIGHT - height(requests)}
                    width={BAR}
                    height={height(requests)}
                  />
                )}
                {helped > 0 && (
                  <rect
                    className="stats-chart__bar--helped"
                    x={x}
                    y={HEIGHT - height(helped)}
                    width={BAR}
                    height={height(helped)}
                  />
                )}
              </g>
            )
          })}
        </svg>
      </div>
      <p className="stats-chart__days" aria-hidden="true">
        <span>{formatShortDay(days[0]!.date, i18n.locale)}</span>
        <span>{formatShortDay(days.at(-1)!.date, i18n.locale)}</span>
      </p>
      {someHidden && <p className="stats-chart__note">{i18n._(m.stats_chartnote.id, { min })}</p>}
      <DaysTable days={days} />
    </figure>
  )
}

/**
 * The chart's numbers for screen readers. Hidden by a wrapper: a table box ignores the 1 px width and the overflow
 * clip of `visually-hidden`, so the hidden table itself would widen a phone's page (as the admin chart found).
 */
function DaysTable({ days }: { days: DayFigures[] }) {
  const { i18n } = useLingui()
  const cell = (value: number | null) => (value === null ? i18n._(m.stats_notshown) : value)
  return (
    <div className="visually-hidden">
      <table>
        <caption>{i18n._(m.stats_chartheading)}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._(m.stats_chartday)}</th>
            <th scope="col">{i18n._(m.stats_chartrequests)}</th>
            <th scope="col">{i18n._(m.stats_charthelped)}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatLongDay(day.date, i18n.locale)}</th>
              <td>{cell(day.requests)}</td>
              <td>{cell(day.helped)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
