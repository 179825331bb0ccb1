import { useLingui } from '@lingui/react'
import { type HelpRequest, RequestRowSummary, categoryNames, requestMessages } from '#features/requests'
import { useNow } from '#shared/hooks/useNow.ts'
import type { Flash } from './useLiveChanges.ts'
import { liveMessages } from './live-catalog.ts'

interface LiveListProps {
  requests: readonly HelpRequest[]
  flashes: ReadonlyMap<number, Flash>
  onOpen: (id: number) => void
}

/**
 * Every shown request as a card like the main screen's (category, status in colour and words, age, first line),
 * with what an admin needs besides: who asked, who helps, how the location is given, and a test request's tag.
 * A request that just arrived or changed status is highlighted for two seconds.
 */
export function LiveList({ requests, flashes, onOpen }: LiveListProps) {
  const { i18n } = useLingui()
  const now = useNow()
  return (
    <ul className="request-list live-list">
      {requests.map((request) => {
        const flash = flashes.get(request.request_id)
        return (
          <li key={request.request_id}>
            <button
              type="button"
              className={`request-row live-row${flash ? ' live-row--flash' : ''}`}
              data-request-id={request.request_id}
              onClick={() => onOpen(request.request_id)}
            >
              {/* Keyed by the change, so a second change within the highlight starts it again. */}
              {flash && <span key={flash.generation} className="live-row__flash" aria-hidden="true" />}
              <span className="request-row__title">{i18n._(categoryNames[request.category])}</span>
              {request.is_test && <span className="request-row__test">{i18n._(requestMessages.testrequest)}</span>}
              {request.ownerSuspended && (
                <span className="request-row__test live-row__suspended">
                  {i18n._(liveMessages.adminownersuspended)}
                </span>
              )}
              <RequestRowSummary
                request={request}
                now={now}
                place={i18n._(
                  request.isApproximate ? requestMessages.locationapproximate : requestMessages.locationvisible,
                )}
              />
              <span className="live-row__people">
                {i18n._(requestMessages.askedby)}: {request.user_name}
                {request.responder_user_name && (
                  <>
                    {' · '}
                    {i18n._(requestMessages.helper)}: {request.responder_user_name}
                  </>
                )}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
