import { useLingui } from '@lingui/react'
import { useState } from 'react'
import type { Service } from './api.ts'
import { serviceCategoryNames, serviceMessages } from './service-catalog.ts'
import { telHref } from '#shared/phone/format.ts'
import { pickLocalization, safeWebsite, serviceLanguageOf, shortenDescription } from './services.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { CategoryIcon, CertificateIcon } from './CategoryIcon.tsx'
import { ServiceHours } from './ServiceHours.tsx'
import { DirectionsLink, serviceDistance } from './ServiceWay.tsx'
import { distanceKm } from '#server/domain/shared/distance.ts'
import { selectPosition } from '#features/account'
import { useStore } from '#shared/store/store.ts'

/** docs/product.md#service-map: the service detail modal; texts in the UI language, else English, else Finnish. */
export function ServiceDetailDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const { i18n } = useLingui()
  const text = service ? pickLocalization(service.localizations, serviceLanguageOf(i18n.locale)) : null
  return (
    <Dialog open={service !== null} onClose={onClose} title={text?.name ?? ''}>
      {/* Keyed by the service, so another service starts with its description short and its logo shown. */}
      {service && <ServiceDetail key={service.service_id} service={service} />}
    </Dialog>
  )
}

function ServiceDetail({ service }: { service: Service }) {
  const { i18n } = useLingui()
  const text = pickLocalization(service.localizations, serviceLanguageOf(i18n.locale))
  const [expanded, setExpanded] = useState(false)
  const [logoFailed, setLogoFailed] = useState(false)
  const description = text?.description ?? ''
  const short = shortenDescription(description)
  const website = safeWebsite(text?.url)
  const categoryName = i18n._(serviceCategoryNames[service.category])
  // From the user's position only: a distance from the map's centre would say nothing of the way there.
  const position = useStore(selectPosition)
  const name = text?.name ?? ''

  return (
    <div className="service-detail">
      <div className="service-detail__badges">
        {service.logo_url && !logoFailed && (
          <img
            className="service-detail__logo"
            src={service.logo_url}
            alt={i18n._(serviceMessages.logo.id, { name })}
            onError={() => setLogoFailed(true)}
          />
        )}
        <span className="service-detail__category">
          <CategoryIcon category={service.category} />
          {categoryName}
        </span>
        {service.certified && (
          <span className="service-detail__certified">
            <CertificateIcon label={i18n._(serviceMessages.certified)} />
            {i18n._(serviceMessages.certified)}
          </span>
        )}
      </div>

      {description && (
        <div className="service-detail__description">
          <p id={`service-description-${service.service_id}`}>{expanded ? description : short.text}</p>
          {short.shortened && (
            <button
              type="button"
              className="link-button"
              aria-expanded={expanded}
              aria-controls={`service-description-${service.service_id}`}
              onClick={() => setExpanded(!expanded)}
            >
              {i18n._(expanded ? serviceMessages.showless : serviceMessages.showmore)}
            </button>
          )}
        </div>
      )}

      <dl className="service-detail__facts">
        {position && (
          <div>
            <dt>{i18n._(serviceMessages.distancefromyou)}</dt>
            <dd>{serviceDistance(distanceKm(position, service), i18n)}</dd>
          </div>
        )}
        {service.address && (
          <div>
            <dt>{i18n._(serviceMessages.address)}</dt>
            <dd>{service.address}</dd>
          </div>
        )}
        {service.opening_hours && (
          <div>
            <dt>{i18n._(serviceMessages.openinghours)}</dt>
            <dd>
              <ServiceHours service={{ ...service, opening_hours: service.opening_hours }} />
            </dd>
          </div>
        )}
        {service.phone && (
          <div>
            <dt>{i18n._(serviceMessages.servicephone)}</dt>
            <dd>
              <a href={telHref(service.phone)}>{service.phone}</a>
            </dd>
          </div>
        )}
      </dl>
      {(position || website) && (
        <div className="service-detail__links">
          {position && <DirectionsLink from={position} to={service} name={name} />}
          {website && (
            <a className="button button--primary" href={website} target="_blank" rel="noopener noreferrer">
              {i18n._(serviceMessages.visitwebsite)}
            </a>
          )}
        </div>
      )}
    </div>
  )
}
