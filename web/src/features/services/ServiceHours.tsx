import { useLingui } from '@lingui/react'
import type { Service } from './api.ts'
import { hoursText } from './hours-text.ts'
import { HOURS_TIME_ZONE_NAME } from './hours-zone.ts'
import { serviceMessages } from './service-catalog.ts'
import { useMinuteClock, useOpeningHours } from './useOpeningHours.ts'
import './Hours.css'
import { intlLocale } from '#shared/format/intl-locale.ts'

/**
 * A service's hours in its detail (docs/services.md#opening-hours): open or closed now, then the next seven days in
 * Finnish time with public holidays applied. Until the evaluation's code is in (or if it cannot load) the value
 * itself is shown, as written.
 */
export function ServiceHours({ service }: { service: Service & { opening_hours: string } }) {
  const { i18n } = useLingui()
  const hours = useOpeningHours()
  const now = useMinuteClock()
  const week = hours?.weekHours(service.opening_hours, now, service)
  if (!hours || !week) return <span className="hours-raw">{service.opening_hours}</span>
  const state = hours.evaluateHours(service.opening_hours, now, service)
  const text = hoursText(hours.summariseHours(state, now, i18n.locale), i18n)
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale(i18n.locale), { timeZone: HOURS_TIME_ZONE_NAME, ...options })
  const dayName = format({ weekday: 'short', day: 'numeric', month: 'numeric' })
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return (
    <>
      {text && <p className={`hours hours--${state.state}`}>{text}</p>}
      <dl className="hours-week">
        {week.map(({ day, intervals }, index) => (
          <div key={day.getTime()} className={index === 0 ? 'hours-week__today' : undefined}>
            <dt>
              {index === 0 ? `${i18n._(serviceMessages.hourstoday)} ${dayName.format(day)}` : dayName.format(day)}
            </dt>
            <dd>
              {intervals.length === 0
                ? i18n._(serviceMessages.hoursclosed)
                : intervals
                    .map(
                      ({ from, to, unknown, comment }) =>
                        `${time.format(from)}–${time.format(to)}${comment ? ` (${comment})` : unknown ? ' (?)' : ''}`,
                    )
                    .join(', ')}
            </dd>
          </div>
        ))}
      </dl>
      <p className="field__hint">{i18n._(serviceMessages.hoursholiday)}</p>
    </>
  )
}
