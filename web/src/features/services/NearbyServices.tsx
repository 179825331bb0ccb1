import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { useStore } from '#shared/store/store.ts'
import { telHref } from '#shared/phone/format.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import { selectPosition } from '#features/account'
import { type HelpRequest, pointOf } from '#features/requests'
import { CategoryIcon } from './CategoryIcon.tsx'
import { hoursText } from './hours-text.ts'
import { NEARBY_CATEGORIES, NEARBY_MAX_KM, nearbyFor } from './nearby.ts'
import { serviceMessages } from './service-catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { pickLocalization, serviceLanguageOf } from './services.ts'
import { useFreshServices } from './useFreshServices.ts'
import { DirectionsLink, serviceDistance } from './ServiceWay.tsx'
import { useMinuteClock, useOpeningHours } from './useOpeningHours.ts'
import './Hours.css'
import './NearbyServices.css'

/**
 * docs/product.md#service-map ("What is open nearby"): while the owner's request waits for a helper (`new`), the three nearest
 * services that fit its category, with distance, open or closed, a call link and directions. Nothing for anyone
 * else, for "other" requests, or once someone is helping.
 */
export function NearbyServices({ request }: { request: HelpRequest }) {
  if (!request.isOwnRequest || request.status !== 'new' || NEARBY_CATEGORIES[request.category].length === 0) return null
  return <NearbyList request={request} />
}

function NearbyList({ request }: { request: HelpRequest }) {
  const { i18n } = useLingui()
  // The list comes from the store (the service map's copy, kept fresh; offline, the service worker's last one).
  useFreshServices()
  const services = useStore((state) => state.services)
  const status = useStore((state) => state.servicesStatus)
  const loadServices = useStore((state) => state.loadServices)
  const position = useStore(selectPosition)
  // Where the owner waits: the request's point, else their own position.
  const requestPoint = pointOf(request)
  const from = requestPoint ?? position
  const fromLatitude = from?.latitude
  const fromLongitude = from?.longitude
  const nearby = useMemo(
    () =>
      fromLatitude === undefined || fromLongitude === undefined
        ? []
        : nearbyFor(services, request.category, { latitude: fromLatitude, longitude: fromLongitude }),
    [services, request.category, fromLatitude, fromLongitude],
  )
  const hours = useOpeningHours()
  const now = useMinuteClock()
  const language = serviceLanguageOf(i18n.locale)

  let body
  if (!from) body = <p>{i18n._(serviceMessages.nearbynolocation)}</p>
  else if (services.length === 0 && (status === 'idle' || status === 'loading'))
    body = <Loader label={i18n._(serviceMessages.loadingservices)} />
  else if (services.length === 0 && status === 'failed')
    body = (
      <div className="nearby__failure">
        <p>{i18n._(serviceMessages.failedtofetchservices)}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadServices()}>
          {i18n._(shellMessages.tryagain)}
        </button>
      </div>
    )
  else if (nearby.length === 0) body = <p>{i18n._(serviceMessages.nearbynone.id, { km: NEARBY_MAX_KM })}</p>
  else
    body = (
      <ul className="nearby__list">
        {nearby.map(({ service, km }) => {
          const name = pickLocalization(service.localizations, language)?.name ?? ''
          const state = hours?.evaluateHours(service.opening_hours, now, service)
          const text = state && hours ? hoursText(hours.summariseHours(state, now, i18n.locale), i18n) : null
          return (
            <li key={service.service_id} className="nearby__item">
              <p className="nearby__name">
                <CategoryIcon category={service.category} size={28} />
                <span>{name}</span>
              </p>
              <p className="nearby__facts">
                {serviceDistance(km, i18n)}
                {text && (
                  <>
                    <span aria-hidden="true"> · </span>
                    <span className={`hours hours--${state!.state}`}>{text}</span>
                  </>
                )}
              </p>
              <div className="nearby__links">
                {service.phone && (
                  <a
                    className="button button--secondary"
                    href={telHref(service.phone)}
                    aria-label={i18n._(serviceMessages.callservice.id, { name })}
                  >
                    {i18n._(serviceMessages.call)}
                  </a>
                )}
                <DirectionsLink from={from} to={service} name={name} />
              </div>
            </li>
          )
        })}
      </ul>
    )

  return (
    <section className="request-detail__section nearby" aria-labelledby="nearby-services">
      <h3 id="nearby-services" className="request-detail__heading">
        {i18n._(serviceMessages.nearbyservices)}
      </h3>
      {from && <p className="field__hint">{i18n._(serviceMessages.nearbyintro)}</p>}
      {body}
    </section>
  )
}
