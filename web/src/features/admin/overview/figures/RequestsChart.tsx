import { useLingui } from '@lingui/react'
import { useId } from 'react'
import { completedOn, countScale, labelledDays, largestBar, totals } from './chart-scale.ts'
import type { DayFigures } from './figures-api.ts'
import { formatLongDay, formatShortDay } from '#shared/format/days.ts'
import { figuresMessages as m } from './figures-catalog.ts'
import { useElementWidth } from './useElementWidth.ts'

const HEIGHT = 220
/** Room for the count labels on the left and the day labels below. */
const MARGIN = { top: 10, right: 6, bottom: 26, left: 34 }
/** Day labels need about this much room each; they are spaced by whole weeks where the bars are narrow. */
const LABEL_ROOM = 56
const LABEL_SPACINGS = [1, 2, 7, 14]

const SERIES = [
  { key: 'created', label: m.figures_chartcreated },
  { key: 'completed_with_help', label: m.figures_chartwithhelp },
  { key: 'completed_without_help', label: m.figures_chartwithouthelp },
] as const

/**
 * Requests per day over the last 30 days as inline SVG: for each day a bar of the requests created and a bar of
 * those completed, stacked with help (below) and without. Drawn in pixels at the width it gets, so the text stays
 * sharp from a phone to a desktop. Screen readers get a summary as the image's name and every number in a table.
 */
export function RequestsChart({ days }: { days: DayFigures[] }) {
  const { i18n } = useLingui()
  const sum = totals(days)
  const empty = sum.created + sum.completed_with_help + sum.completed_without_help === 0
  return (
    <figure className="chart" aria-labelledby="figures-chart-title">
      <h4 id="figures-chart-title" className="figure-group__title">
        {i18n._(m.figures_chart)}
      </h4>
      {empty ? (
        <p className="chart__empty">{i18n._(m.figures_chartempty)}</p>
      ) : (
        <>
          <ul className="chart__legend" aria-hidden="true">
            {SERIES.map((series) => (
              <li key={series.key}>
                <span className={`chart__swatch chart__swatch--${series.key}`} />
                {i18n._(series.label)}
              </li>
            ))}
          </ul>
          <Bars
            days={days}
            summary={i18n._(m.figures_chartsummary.id, {
              created: sum.created,
              withHelp: sum.completed_with_help,
              withoutHelp: sum.completed_without_help,
            })}
          />
          <DaysTable days={days} />
        </>
      )}
    </figure>
  )
}

function Bars({ days, summary }: { days: DayFigures[]; summary: string }) {
  const { i18n } = useLingui()
  const [frame, width] = useElementWidth<HTMLDivElement>()
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right)
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const scale = countScale(largestBar(days))
  const y = (value: number) => MARGIN.top + plotHeight - (value / scale.top) * plotHeight
  const slot = days.length > 0 ? plotWidth / days.length : 0
  const gap = Math.max(1, slot * 0.25)
  const bar = (slot - gap) / 2
  const spacing = LABEL_SPACINGS.find((every) => every * slot >= LABEL_ROOM) ?? 14
  const labelled = labelledDays(days.length, spacing)
  // Without help is hatched green: completed like the solid green below it, told apart by texture, not only hue.
  const hatch = `chart-hatch-${useId().replace(/[^\w-]/g, '')}`

  return (
    <div ref={frame} className="chart__frame">
      {width > 0 && (
        <svg className="chart__svg" width={width} height={HEIGHT} role="img" aria-label={summary}>
          <defs>
            <pattern id={hatch} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect className="chart__hatch-ground" width="5" height="5" />
              <rect className="chart__hatch-line" width="2.5" height="5" />
            </pattern>
          </defs>
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line className="chart__grid" x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text className="chart__label" x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {tick}
              </text>
            </g>
          ))}
          {days.map((day, i) => {
            const left = MARGIN.left + i * slot + gap / 2
            const withHelpTop = y(day.completed_with_help)
            const title = i18n._(m.figures_chartdaytitle.id, {
              day: formatLongDay(day.day, i18n.locale),
              created: day.created,
              withHelp: day.completed_with_help,
              withoutHelp: day.completed_without_help,
            })
            return (
              <g key={day.day}>
                <title>{title}</title>
                {/* The whole slot answers the pointer, so a day without bars still shows its numbers. */}
                <rect className="chart__hit" x={left - gap / 2} y={MARGIN.top} width={slot} height={plotHeight} />
                <Bar className="chart__bar--created" x={left} top={y(day.created)} bottom={y(0)} width={bar} />
                <Bar
                  className="chart__bar--completed_with_help"
                  x={left + bar}
                  top={withHelpTop}
                  bottom={y(0)}
                  width={bar}
                />
                <Bar
                  className="chart__bar--completed_without_help"
                  x={left + bar}
                  top={y(completedOn(day))}
                  bottom={withHelpTop}
                  width={bar}
                  fill={`url(#${hatch})`}
                />
                {labelled.has(i) && (
                  <text className="chart__label" x={left + bar} y={HEIGHT - 8} textAnchor="middle">
                    {formatShortDay(day.day, i18n.locale)}
                  </text>
                )}
              </g>
            )
          })}
          <line className="chart__axis" x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} />
        </svg>
      )}
    </div>
  )
}

function Bar({
  className,
  x,
  top,
  bottom,
  width,
  fill,
}: {
  className: string
  x: number
  top: number
  bottom: number
  width: number
  fill?: string
}) {
  if (bottom - top <= 0) return null
  return (
    <rect
      className={`chart__bar ${className}`}
      x={x}
      y={top}
      width={Math.max(1, width)}
      height={bottom - top}
      fill={fill}
    />
  )
}

/**
 * The chart's numbers for screen readers, day by day. Hidden by a wrapper: a table box ignores the 1 px width and the
 * overflow clip of `visually-hidden`, so the hidden table itself would widen a phone's page to its full width.
 */
function DaysTable({ days }: { days: DayFigures[] }) {
  const { i18n } = useLingui()
  return (
    <div className="visually-hidden">
      <table>
        <caption>{i18n._(m.figures_chart)}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._(m.figures_chartday)}</th>
            {SERIES.map((series) => (
              <th key={series.key} scope="col">
                {i18n._(series.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatLongDay(day.day, i18n.locale)}</th>
              {SERIES.map((series) => (
                <td key={series.key}>{day[series.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
