import { useLingui } from '@lingui/react'
import { CategoryIcon, CertificateIcon, type Service, serviceCategoryNames, serviceMessages } from '#features/services'
import { formMessages } from '#shared/form/form-catalog.ts'
import { requestMessages } from '#features/requests'
import { servicesAdminMessages } from './services-admin-catalog.ts'

interface ServiceRowProps {
  service: Service
  /** In the user's language, else English, else Finnish (`pickLocalization`, features/services/services.ts). */
  name: string
  onEdit: () => void
  onDelete: () => void
}

/** One service of the admin's list: what it is and where, and its two actions. */
export function ServiceRow({ service, name, onEdit, onDelete }: ServiceRowProps) {
  const { i18n } = useLingui()
  return (
    <li className="services-admin__row">
      <CategoryIcon category={service.category} size={36} />
      <div className="services-admin__info">
        <p className="services-admin__name">
          <span>{name}</span>
          {service.certified && <CertificateIcon label={i18n._(serviceMessages.certified)} size={22} />}
        </p>
        <p className="services-admin__meta">
          {i18n._(serviceCategoryNames[service.category])}
          {service.address && <> · {service.address}</>}
        </p>
      </div>
      <div className="services-admin__actions">
        <button
          type="button"
          className="button button--secondary services-admin__action"
          aria-label={i18n._(servicesAdminMessages.editnamed.id, { name })}
          onClick={onEdit}
        >
          {i18n._(formMessages.edit)}
        </button>
        <button
          type="button"
          className="button button--secondary services-admin__action services-admin__action--danger"
          aria-label={i18n._(servicesAdminMessages.deletenamed.id, { name })}
          onClick={onDelete}
        >
          {i18n._(requestMessages.delete)}
        </button>
      </div>
    </li>
  )
}
