import { useLingui } from '@lingui/react'
import { useMemo, useState } from 'react'
import type { Coordinates } from '#shared/api/types.ts'
import type { Service } from './api.ts'
import { CategoryIcon } from './CategoryIcon.tsx'
import { hoursText } from './hours-text.ts'
import { byDistance } from './nearby.ts'
import { serviceMessages } from './service-catalog.ts'
import { serviceDistance } from './ServiceWay.tsx'
import { pickLocalization, serviceLanguageOf } from './services.ts'
import { useMinuteClock, useOpeningHours, type HoursModule } from './useOpeningHours.ts'

interface ServiceListProps {
  services: readonly Service[]
  /** The user's position; the list sorts by it, else by the map's centre. */
  position: Coordinates | null
  centre: Coordinates | null
  onOpen: (serviceId: number) => void
}

/**
 * Under the map (docs/product.md#service-map): the services the map shows, nearest first, each with its distance and
 * whether it is open. The keyboard and screen-reader path to every service; closed until asked for, so the map stays
 * the first thing on a phone and the opening hours' code loads only when the list is opened.
 */
export function ServiceList({ services, position, centre, onOpen }: ServiceListProps) {
  const { i18n } = useLingui()
  const [opened, setOpened] = useState(false)
  const hours = useOpeningHours(opened)
  const from = position ?? centre
  const sorted = useMemo(() => byDistance(services, from), [services, from])
  return (
    <details className="service-list" onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>
        <span className="service-list__label">
          {i18n._(serviceMessages.servicelist.id, { count: services.length })}
        </span>
        <svg className="service-list__chevron" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </summary>
      {services.length === 0 ? (
        <p>{i18n._(serviceMessages.noservices)}</p>
      ) : (
        <>
          {from && (
            <p className="field__hint service-list__order">
              {i18n._(position ? serviceMessages.sortedfromyou : serviceMessages.sortedfromcentre)}
            </p>
          )}
          <ul>
            {sorted.map(({ service, km }) => (
              <li key={service.service_id} className="service-list__row">
                <button type="button" className="service-list__item" onClick={() => onOpen(service.service_id)}>
                  <CategoryIcon category={service.category} size={28} />
                  <span>{pickLocalization(service.localizations, serviceLanguageOf(i18n.locale))?.name}</span>
                </button>
                <ServiceFacts service={service} km={km} hours={hours} />
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  )
}

/** "1.20 km · Open, closes at 18:00": nothing about hours while they load or when they are unknown. */
function ServiceFacts({ service, km, hours }: { service: Service; km: number | null; hours: HoursModule | null }) {
  const { i18n } = useLingui()
  const now = useMinuteClock()
  const state = hours?.evaluateHours(service.opening_hours, now, service)
  const text = state && hours ? hoursText(hours.summariseHours(state, now, i18n.locale), i18n) : null
  if (km === null && !text) return null
  return (
    <p className="service-list__facts">
      {km !== null && <span>{serviceDistance(km, i18n)}</span>}
      {km !== null && text && <span aria-hidden="true"> · </span>}
      {text && <span className={`hours hours--${state!.state}`}>{text}</span>}
    </p>
  )
}
