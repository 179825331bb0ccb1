import { useLingui } from '@lingui/react'
import { Link, useParams } from 'wouter'
import { SimplePage } from '#shared/layout/SimplePage.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useNow } from '#shared/hooks/useNow.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import { EmergencyLine } from '#features/emergency'
import {
  LazySingleLocationMap,
  StatusBadge,
  categoryNames,
  formatRelativeTime,
  pointOf,
  requestMessages,
} from '#features/requests'
import type { SharedRequest } from './api.ts'
import { sharedPageMessages } from './share-link-catalog.ts'
import { formatClock, headlineOf } from './shared-view.ts'
import { useSharedRequest } from './useSharedRequest.ts'
import '#shared/ui/requests.css'
import './share-link.css'

/**
 * `/s/{token}`: the page a share link opens (docs/requests.md, "Share links"), for anyone holding the link, signed in
 * or not. It follows the request by asking the server again and again (useSharedRequest) until it is closed, and says
 * so plainly when the link no longer works.
 */
export default function SharedRequestPage() {
  const { i18n } = useLingui()
  const { token = '' } = useParams<{ token: string }>()
  const state = useSharedRequest(token)
  const gone = state.phase === 'gone'
  const openApp = (
    <Link href="/" className="button button--secondary">
      {i18n._(sharedPageMessages.sharedopenapp)}
    </Link>
  )
  return (
    <SimplePage
      title={i18n._(gone ? sharedPageMessages.sharednotvalid : sharedPageMessages.sharedtitle)}
      className="shared-page"
      action={openApp}
    >
      {state.phase === 'loading' && <Loader label={i18n._(requestMessages.loadingrequest)} />}
      {state.phase === 'failed' && <FormMessage tone="warning" text={i18n._(sharedPageMessages.sharedfailed)} />}
      {gone && <p className="page__text">{i18n._(sharedPageMessages.sharednotvalidtext)}</p>}
      {state.request && (
        <SharedRequestView request={state.request} checkedAt={state.checkedAt} failing={state.failing} />
      )}
    </SimplePage>
  )
}

interface SharedRequestViewProps {
  request: SharedRequest
  checkedAt: number | null
  failing: boolean
}

function SharedRequestView({ request, checkedAt, failing }: SharedRequestViewProps) {
  const { i18n } = useLingui()
  const now = useNow()
  const headline = headlineOf(request)
  const closed = headline === 'closed'
  const point = pointOf(request)
  const clock = (iso: string) => formatClock(iso, now, i18n.locale)
  const relative = (iso: string) => formatRelativeTime(iso, now, i18n.locale, i18n._(requestMessages.justnow))
  const helper = request.helper

  return (
    <>
      {/* Where it stands, first and large; announced when it changes while the page is open. */}
      <section className={`shared-status shared-status--${headline}`} role="status" aria-live="polite">
        <h2 className="shared-status__headline">
          {closed
            ? i18n._(sharedPageMessages.sharedclosed)
            : helper === null
              ? i18n._(sharedPageMessages.sharedwaiting)
              : i18n._((helper.on_my_way ? sharedPageMessages.sharedonmyway : sharedPageMessages.sharedhelping).id, {
                  name: helper.user_name,
                })}
        </h2>
        {helper?.distance_km != null && (
          <p className="shared-status__line">
            {helper.distance_km === 0
              ? i18n._(sharedPageMessages.sharedhelpernear)
              : i18n._(sharedPageMessages.sharedhelperkm.id, { distance: helper.distance_km })}
          </p>
        )}
        {closed && request.completed_at && (
          <p className="shared-status__line">
            {i18n._(sharedPageMessages.sharedclosedat.id, { time: clock(request.completed_at) })}
          </p>
        )}
      </section>

      <dl className="facts">
        <div>
          <dt>{i18n._(requestMessages.category)}</dt>
          <dd>{i18n._(categoryNames[request.category])}</dd>
        </div>
        <div>
          <dt>{i18n._(requestMessages.status)}</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
        </div>
        <div>
          <dt>{i18n._(requestMessages.description)}</dt>
          <dd className="request-detail__description">{request.description}</dd>
        </div>
        <div>
          <dt>{i18n._(requestMessages.created)}</dt>
          <dd>
            <time dateTime={request.created_at}>{relative(request.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{i18n._(requestMessages.updated)}</dt>
          <dd>
            <time dateTime={request.updated_at}>{relative(request.updated_at)}</time>
          </dd>
        </div>
      </dl>

      <section className="shared-page__section" aria-labelledby="shared-location">
        <h2 id="shared-location" className="shared-page__heading">
          {i18n._(requestMessages.location)}
        </h2>
        {point ? (
          <>
            {request.isApproximate && <p className="field__hint">{i18n._(requestMessages.approximatearea)}</p>}
            <LazySingleLocationMap point={point} isApproximate={request.isApproximate} own={null} />
          </>
        ) : (
          <p>{i18n._(requestMessages.locationnotshared)}</p>
        )}
      </section>

      {!closed && <EmergencyLine position={null} />}

      <div className="shared-page__footer">
        <FormMessage tone="warning" text={failing ? i18n._(sharedPageMessages.sharedfailing) : null} />
        {!closed && checkedAt !== null && (
          <p className="page__hint">
            {i18n._(sharedPageMessages.sharedlive.id, { time: clock(new Date(checkedAt).toISOString()) })}
          </p>
        )}
        <p className="page__hint">{i18n._(sharedPageMessages.sharedexpires.id, { time: clock(request.expires_at) })}</p>
      </div>
    </>
  )
}
