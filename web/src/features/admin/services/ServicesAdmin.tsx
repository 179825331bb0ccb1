import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import {
  type Service,
  pickLocalization,
  serviceCategoryNames,
  serviceLanguageOf,
  serviceMessages,
  useFreshServices,
} from '#features/services'
import { ConfirmDialog } from '#shared/ui/ConfirmDialog.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { requestMessages } from '#features/requests'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { adminMessages } from '../admin-catalog.ts'
import { deleteService } from './api.ts'
import { searchServices } from './service-form.ts'
import { ServiceFormDialog, type FormTarget } from './ServiceFormDialog.tsx'
import { ServiceRow } from './ServiceRow.tsx'
import { servicesAdminMessages } from './services-admin-catalog.ts'
import './services-admin.css'

type Done = 'added' | 'updated' | 'deleted'
const DONE_MESSAGES = {
  added: servicesAdminMessages.serviceadded,
  updated: servicesAdminMessages.serviceupdated,
  deleted: servicesAdminMessages.servicedeleted,
} as const

/**
 * The dashboard's service management: the public map's services (the store's list, kept current by the event
 * stream), searchable, each with Edit and Delete; and Add service. Every change reloads the store's list, so the
 * admin's own map is current too.
 */
export function ServicesAdmin() {
  const { i18n } = useLingui()
  const services = useStore((state) => state.services)
  const status = useStore((state) => state.servicesStatus)
  const loadServices = useStore((state) => state.loadServices)
  useFreshServices()
  const [query, setQuery] = useState('')
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null)
  const [deleting, setDeleting] = useState<Service | null>(null)
  const [done, setDone] = useState<Done | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const language = serviceLanguageOf(i18n.locale)
  // The Delete button that opened the question is gone with its row: once the question has closed (the page behind
  // it is inert until then), focus goes to the section rather than to the top of the page.
  useEffect(() => {
    if (done === 'deleted') heading.current?.focus()
  }, [done])
  const nameOf = (service: Service) => pickLocalization(service.localizations, language)?.name ?? ''

  // Not memoised: a few hundred services are searched in no time, and the category names follow the language.
  const found = searchServices(services, query, (category) => i18n._(serviceCategoryNames[category]))

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await deleteService(deleting.service_id)
    } catch (error) {
      // Someone else deleted it meanwhile: what was asked for is done.
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
    await loadServices()
    setDeleting(null)
    setDone('deleted')
  }

  return (
    <section className="admin-section services-admin" aria-labelledby="admin-section-title">
      <div className="services-admin__head">
        <h2 id="admin-section-title" className="admin-section__title" ref={heading} tabIndex={-1}>
          {i18n._(adminMessages.adminservices)}
        </h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setDone(null)
            setFormTarget({ serviceId: null })
          }}
        >
          {i18n._(servicesAdminMessages.addservice)}
        </button>
      </div>
      <FormMessage tone="success" text={done ? i18n._(DONE_MESSAGES[done]) : null} />

      <TextField
        type="search"
        label={i18n._(servicesAdminMessages.searchservices)}
        hint={i18n._(servicesAdminMessages.searchserviceshint)}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />

      {status === 'failed' ? (
        <div className="map-error" role="alert">
          <p>{i18n._(serviceMessages.failedtofetchservices)}</p>
          <button type="button" className="button button--secondary" onClick={() => void loadServices()}>
            {i18n._(shellMessages.tryagain)}
          </button>
        </div>
      ) : status !== 'loaded' ? (
        <Loader label={i18n._(serviceMessages.loadingservices)} />
      ) : services.length === 0 ? (
        <p className="services-admin__empty">{i18n._(servicesAdminMessages.noservicesyet)}</p>
      ) : (
        <>
          <p className="services-admin__count" role="status">
            {found.length === 0
              ? i18n._(servicesAdminMessages.noservicesmatch)
              : i18n._(servicesAdminMessages.servicesfound.id, { count: found.length })}
          </p>
          {found.length > 0 && (
            <ul className="services-admin__list" aria-labelledby="admin-section-title">
              {found.map((service) => (
                <ServiceRow
                  key={service.service_id}
                  service={service}
                  name={nameOf(service)}
                  onEdit={() => {
                    setDone(null)
                    setFormTarget({ serviceId: service.service_id })
                  }}
                  onDelete={() => {
                    setDone(null)
                    setDeleting(service)
                  }}
                />
              ))}
            </ul>
          )}
        </>
      )}

      <ServiceFormDialog
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onSaved={(kind) => {
          setFormTarget(null)
          setDone(kind)
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={i18n._(servicesAdminMessages.deleteservicetitle)}
        confirmLabel={i18n._(requestMessages.delete)}
        onConfirm={confirmDelete}
        danger
      >
        <p>{deleting && i18n._(servicesAdminMessages.deleteservicetext.id, { name: nameOf(deleting) })}</p>
      </ConfirmDialog>
    </section>
  )
}
