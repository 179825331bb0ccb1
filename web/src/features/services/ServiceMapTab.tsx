import { useLingui } from '@lingui/react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { FILTER_CATEGORIES } from './api.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { serviceCategoryNames, serviceMessages } from './service-catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { filterServices, markerPositions, pickLocalization, serviceLanguageOf } from './services.ts'
import { useFreshServices } from './useFreshServices.ts'
import { useStore } from '#shared/store/store.ts'
import { selectPosition } from '#features/account'
import type { ServiceFilter } from './slice.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import { MapErrorBoundary } from '#shared/map/MapErrorBoundary.tsx'
import { ServiceList } from './ServiceList.tsx'
import { LazyServiceDetailDialog } from './LazyServiceDetailDialog.tsx'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import '#shared/form/Form.css'
import './Services.css'
import './Hours.css'

// OpenLayers comes with this chunk only: other screens never download it.
const ServiceMap = lazy(withTexts('service-map', () => import('./ServiceMap.tsx')))

/**
 * The service map tab (docs/product.md#service-map): category filter, the map, and the same services as a list for
 * keyboards, nearest first.
 */
export function ServiceMapTab() {
  const { i18n } = useLingui()
  const services = useStore((state) => state.services)
  const status = useStore((state) => state.servicesStatus)
  const filter = useStore((state) => state.serviceFilter)
  const setFilter = useStore((state) => state.setServiceFilter)
  const loadServices = useStore((state) => state.loadServices)
  const position = useStore(selectPosition)
  const [openId, setOpenId] = useState<number | null>(null)
  const [centre, setCentre] = useState<Coordinates | null>(null)
  const language = serviceLanguageOf(i18n.locale)

  useFreshServices()

  const visible = useMemo(() => filterServices(services, filter), [services, filter])
  const markers = useMemo(() => {
    const names = new Map(visible.map((s) => [s.service_id, pickLocalization(s.localizations, language)?.name ?? '']))
    const categories = new Map(visible.map((s) => [s.service_id, s.category]))
    return markerPositions(visible).map((point) => ({
      ...point,
      name: names.get(point.service_id) ?? '',
      category: categories.get(point.service_id)!,
    }))
  }, [visible, language])
  const open = services.find((service) => service.service_id === openId) ?? null

  return (
    <section className="service-tab" aria-label={i18n._(serviceMessages.servicemap)}>
      <div className="field service-tab__filter">
        <label htmlFor="service-filter" className="field__label">
          {i18n._(serviceMessages.servicecategory)}
        </label>
        <select
          id="service-filter"
          className="input"
          value={filter}
          onChange={(event) => setFilter(event.target.value as ServiceFilter)}
        >
          <option value="all">{i18n._(serviceMessages.allcategories)}</option>
          {FILTER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {i18n._(serviceCategoryNames[category])}
            </option>
          ))}
        </select>
      </div>

      {status === 'loading' && services.length === 0 && <Loader label={i18n._(serviceMessages.loadingservices)} />}
      {status === 'failed' && (
        <div className="map-error service-tab__failure" role="alert">
          <p>{i18n._(serviceMessages.failedtofetchservices)}</p>
          <button type="button" className="button button--secondary" onClick={() => void loadServices()}>
            {i18n._(shellMessages.tryagain)}
          </button>
        </div>
      )}

      <MapErrorBoundary
        fallback={
          <p className="map-error" role="alert">
            {i18n._(messages.failedtoloadmap)}
          </p>
        }
      >
        <Suspense fallback={<div className="service-map service-map--placeholder" />}>
          <ServiceMap markers={markers} position={position} onSelect={setOpenId} onCentre={setCentre} />
        </Suspense>
      </MapErrorBoundary>
      {position && (
        <p className="service-tab__legend">
          <span className="service-tab__own-dot" aria-hidden="true" />
          {i18n._(serviceMessages.yourlocation)}
        </p>
      )}

      {status === 'loaded' && <ServiceList services={visible} position={position} centre={centre} onOpen={setOpenId} />}

      <LazyServiceDetailDialog service={open} onClose={() => setOpenId(null)} />
    </section>
  )
}
