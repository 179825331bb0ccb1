import { useLingui } from '@lingui/react'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import {
  NewRequestDialog,
  OfflineListNotice,
  categoryNames,
  requestIdOf,
  requestMessages,
  selectRequests,
  selectRequestsLoadedAt,
  selectRequestsStatus,
  statusNames,
} from '#features/requests'
import type { RequestDetailView } from '../../request-detail-view.ts'
import { MapErrorBoundary } from '#shared/map/MapErrorBoundary.tsx'
import { useNow } from '#shared/hooks/useNow.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { FilterBar } from './FilterBar.tsx'
import { ALL_REQUESTS, liveRequests, matchesFilters, type LiveChange, type SortOrder } from './live-filters.ts'
import { liveMessages } from './live-catalog.ts'
import { LiveList } from './LiveList.tsx'
import { useLiveChanges } from './useLiveChanges.ts'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import '#shared/form/Form.css'
import '#shared/ui/requests.css'
import './live.css'

// OpenLayers comes with this chunk only, fetched when the overview is shown.
const LiveMap = lazy(withTexts('live-map', () => import('./LiveMap.tsx')))

const OVERVIEW = '/admin'

/**
 * All requests, test ones included, on a map and in a list with the same filters, kept current by the event stream
 * the app already has (the store's requests: admins receive every change). `/admin?request=<id>` opens one in the
 * main screen's detail modal, with its admin actions.
 */
export function LiveRequests({ RequestDetail }: { RequestDetail: RequestDetailView }) {
  const { i18n } = useLingui()
  const requests = useStore(selectRequests)
  const status = useStore(selectRequestsStatus)
  const loadedAt = useStore(selectRequestsLoadedAt)
  const loadRequests = useStore((s) => s.loadRequests)
  const locate = useStore((s) => s.locate)
  const [filters, setFilters] = useState(ALL_REQUESTS)
  const [order, setOrder] = useState<SortOrder>('newest')
  const [creating, setCreating] = useState(false)
  const now = useNow()
  const search = useSearch()
  const [, navigate] = useLocation()
  const shown = useMemo(() => liveRequests(requests, filters, order, now), [requests, filters, order, now])
  const withoutLocation = shown.filter((request) => request.latitude === null).length

  const describe = ({ kind, request }: LiveChange) => {
    if (!matchesFilters(request, filters, Date.now())) return null
    const values = { category: i18n._(categoryNames[request.category]), name: request.user_name }
    return kind === 'added'
      ? i18n._(liveMessages.adminannouncenew.id, values)
      : i18n._(liveMessages.adminannouncestatus.id, { ...values, status: i18n._(statusNames[request.status]) })
  }
  const { flashes, announcement } = useLiveChanges(describe)

  useEffect(() => {
    void loadRequests()
  }, [loadRequests])

  const open = (id: number) => navigate(`${OVERVIEW}?request=${id}`)

  function newTestRequest() {
    // The form sends the admin's position if it is known: a test request then lands where the admin is.
    void locate()
    setCreating(true)
  }

  return (
    <section className="live" aria-labelledby="live-title">
      <div className="live__header">
        <h3 id="live-title" className="live__title">
          {i18n._(liveMessages.adminallrequests)}
        </h3>
        <button type="button" className="button button--primary" onClick={newTestRequest}>
          {i18n._(liveMessages.adminnewtestrequest)}
        </button>
      </div>
      <FilterBar filters={filters} order={order} onFilters={setFilters} onOrder={setOrder} />
      <p className="live__count">{i18n._(liveMessages.adminshown.id, { count: shown.length })}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <div className="live__body">
        <div className="live__map">
          <MapErrorBoundary
            fallback={
              <p className="map-error" role="alert">
                {i18n._(messages.failedtoloadmap)}
              </p>
            }
          >
            <Suspense fallback={<div className="live-map" />}>
              <LiveMap requests={shown} flashes={flashes} onOpen={open} filtersKey={JSON.stringify(filters)} />
            </Suspense>
          </MapErrorBoundary>
          {withoutLocation > 0 && (
            <p className="live__note">{i18n._(liveMessages.adminnolocation.id, { count: withoutLocation })}</p>
          )}
        </div>
        <div className="live__list">
          <FormMessage tone="error" text={status === 'failed' ? i18n._(messages.failedtofetchrequests) : null} />
          {status === 'unreachable' && <OfflineListNotice loadedAt={loadedAt} />}
          {requests.length === 0 && (status === 'idle' || status === 'loading') ? (
            <Loader label={i18n._(requestMessages.loadingrequests)} />
          ) : shown.length === 0 ? (
            <p className="requests__empty">
              {i18n._(requests.length === 0 ? liveMessages.adminnorequests : liveMessages.adminnomatches)}
            </p>
          ) : (
            <LiveList requests={shown} flashes={flashes} onOpen={open} />
          )}
        </div>
      </div>

      <RequestDetail requestId={requestIdOf(search)} onClose={() => navigate(OVERVIEW, { replace: true })} />
      <NewRequestDialog open={creating} initialTest onClose={() => setCreating(false)} />
    </section>
  )
}
