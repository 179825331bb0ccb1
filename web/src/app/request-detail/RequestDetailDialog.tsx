import { useLingui } from '@lingui/react'
import { useState } from 'react'
import type { HelpRequest } from '../../features/requests/api.ts'
import { cardMessages } from '../../features/requests/card-catalog.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { categoryNames, requestMessages } from '../../features/requests/request-catalog.ts'
import { PhoneLink } from '#shared/phone/PhoneLink.tsx'
import { pointOf } from '../../features/requests/distance.ts'
import { helperDistanceText } from '../../features/requests/helper-distance.ts'
import { formatRelativeTime } from '../../features/requests/relative-time.ts'
import { editedPartsText } from '../../features/requests/edited-parts.ts'
import { useRequestDetail } from '../../features/requests/useRequestDetail.ts'
import { useStore } from '#shared/store/store.ts'
import { selectPosition } from '../../features/account/location/slice.ts'
import { selectUser } from '../../features/account/session/slice.ts'
import { isHelper, selectEndedResponseIds } from '../../features/requests/slice.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { DecideFirst } from '../../features/requests/components/DecideFirst.tsx'
import { DescriptionSection } from '../../features/requests/components/DescriptionSection.tsx'
import { LocationUpdate } from '../../features/requests/components/LocationUpdate.tsx'
import { RequestActions } from '../../features/requests/components/RequestActions.tsx'
import { RequestLocationInfo } from '../../features/requests/components/RequestLocationInfo.tsx'
import { StatusBadge } from '../../features/requests/components/StatusBadge.tsx'
import { WaitingProgress } from '../../features/requests/components/WaitingProgress.tsx'
import { ConversationSection } from '../../features/conversation/ConversationSection.tsx'
import { ThanksSection } from '../../features/thanks/ThanksSection.tsx'
import { useTrust } from '../../features/thanks/useTrust.ts'
import { thanksMessages } from '../../features/thanks/thanks-catalog.ts'
import { OnMyWay } from '../../features/position-sharing/OnMyWay.tsx'
import { EmergencyLine } from '../../features/emergency/EmergencyLine.tsx'
import { mentionsDanger } from '#server/domain/shared/danger-words.ts'
import { useNow } from '#shared/hooks/useNow.ts'
import { useHelperPosition } from '../../features/position-sharing/useHelperPosition.ts'
import { isPositionStale } from '../../features/position-sharing/staleness.ts'
import { NearbyServices } from '../../features/services/NearbyServices.tsx'
import { SafetyActions } from '../../features/requests/components/SafetyActions.tsx'
import { ShareLinkSection } from '../../features/share-link/ShareLinkSection.tsx'
import { ReportPeople, reportsInConversation } from '../../features/moderation/ReportPeople.tsx'
import { LazySingleLocationMap } from '../../features/requests/components/LazySingleLocationMap.tsx'
import { useSearchOutcome } from '#features/requests'
import { SmsFallback } from '#features/outbox'

interface RequestDetailDialogProps {
  /** The request to show; null keeps the dialog closed. */
  requestId: number | null
  onClose: () => void
}

/** The request detail modal (docs/product.md#help-requests). */
export function RequestDetailDialog({ requestId, onClose }: RequestDetailDialogProps) {
  return requestId === null ? (
    <Dialog open={false} onClose={onClose} title="">
      {null}
    </Dialog>
  ) : (
    <OpenRequestDialog key={requestId} id={requestId} onClose={onClose} />
  )
}

function OpenRequestDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { i18n } = useLingui()
  const { phase, request, update } = useRequestDetail(id)
  const title =
    phase === 'loaded' && request
      ? i18n._(categoryNames[request.category])
      : phase === 'notfound'
        ? i18n._(requestMessages.requestnotfound)
        : i18n._(requestMessages.request)
  return (
    <Dialog open onClose={onClose} title={title}>
      {phase === 'loading' && <Loader label={i18n._(requestMessages.loadingrequest)} />}
      {phase === 'failed' && <FormMessage tone="error" text={i18n._(messages.failedtofetchrequest)} />}
      {phase === 'notfound' && <FormMessage tone="error" text={i18n._(messages.notfound)} />}
      {phase === 'deleted' && <FormMessage tone="warning" text={i18n._(requestMessages.requestwasdeleted)} />}
      {phase === 'hidden' && <FormMessage tone="warning" text={i18n._(requestMessages.requestnolongershown)} />}
      {phase === 'loaded' && request && <RequestDetail request={request} update={update} onDeleted={onClose} />}
    </Dialog>
  )
}

interface RequestDetailProps {
  request: HelpRequest
  update: (request: HelpRequest) => void
  onDeleted: () => void
}

function RequestDetail({ request, update, onDeleted }: RequestDetailProps) {
  const { i18n } = useLingui()
  const position = useStore(selectPosition)
  const now = useNow()
  const completed = request.status === 'completed'
  // Completed while open (a live event, or the owner's own "Mark ready"): said in words, not only by the badge.
  const [openedActive] = useState(!completed)
  const point = pointOf(request)
  const trust = useTrust(request)
  const helperPosition = useHelperPosition(request)
  const helperStale = helperPosition !== null && isPositionStale(helperPosition.at, now)
  // The owner's edits while this user helps: said here too until the notice is dismissed.
  const edited = useStore((state) =>
    state.notices.find((notice) => notice.requestId === request.request_id && notice.change === 'edited'),
  )
  const relative = (iso: string) => formatRelativeTime(iso, now, i18n.locale, i18n._(requestMessages.justnow))
  // Someone who is not the owner reads what is wrong, how far and the action first; the owner their request's state.
  // While they decide (not helping with it yet), the actions come up there with it.
  const userId = useStore(selectUser)?.user_id
  const deciding = !request.isOwnRequest && (userId === undefined || !isHelper(request, userId))
  // Their help ended while they look (let go here or elsewhere, or the owner removed them): said where the number was.
  const helpEnded = useStore((state) => selectEndedResponseIds(state).includes(request.request_id))
  const actions = <RequestActions request={request} update={update} onDeleted={onDeleted} onThanked={trust.sent} />
  const ownActive = request.isOwnRequest && !completed
  // How far the helper was at the take-over; once they share their position, the live distance (On my way) says more.
  const helperDistance = request.isOwnRequest && !helperPosition ? helperDistanceText(request, i18n) : null
  const urgent = mentionsDanger(request.description)
  // Where to send help: an exact request's point, the one helpers are sent to; for an approximate one (or one
  // without a place) the owner's phone knows better than the rounded point (docs/product.md#help-requests).
  const exactPoint = point && !request.isApproximate ? point : null
  const ownHelpPlace = exactPoint ?? position
  const helpPlace = exactPoint ? ('request' as const) : ('phone' as const)
  // A round found nobody within reach, or nobody new: what else to do goes into the progress block, not further down
  // (docs/product.md#progress-while-waiting, "When nobody is near").
  const stuck = useSearchOutcome(request) !== 'searching'
  const otherWays = (
    <>
      <NearbyServices request={request} />
      <SmsFallback category={request.category} description={request.description} location={point ?? position} />
      {!urgent && <EmergencyLine position={ownHelpPlace} place={helpPlace} />}
    </>
  )

  return (
    <div className="request-detail">
      <FormMessage
        tone="success"
        text={openedActive && completed ? i18n._(requestMessages.requestwascompleted) : null}
      />
      {edited && (
        <p className="form-message form-message--warning">
          {i18n._(requestMessages.editedbyowner.id, {
            parts: editedPartsText(edited.edited, (name) => i18n._(name)),
          })}
        </p>
      )}
      <FormMessage
        tone="warning"
        text={helpEnded && deciding && !completed ? i18n._(requestMessages.nolongerhelping) : null}
      />
      {request.is_test && <p className="request-detail__test">{i18n._(requestMessages.testrequest)}</p>}
      {/* Someone else's words that mention an injury: whoever opens it reads so first, with the point to read out. */}
      {!request.isOwnRequest && !completed && urgent && (
        <EmergencyLine position={exactPoint} place="request" urgent="other" />
      )}
      {!request.isOwnRequest && (
        <DecideFirst request={request} position={position} update={update}>
          {deciding && actions}
        </DecideFirst>
      )}
      {/* The owner's own words that mention an injury bring the 112 line to the top, as in the new-request form. */}
      {ownActive && urgent && <EmergencyLine position={ownHelpPlace} place={helpPlace} urgent="own" />}
      {/* While the owner waits, how the search goes is the news: before the facts they already know. */}
      <WaitingProgress request={request} otherWays={otherWays} />
      <dl className="facts">
        <div>
          <dt>{i18n._(requestMessages.askedby)}</dt>
          <dd>{request.user_name}</dd>
        </div>
        {!completed && request.phone && (
          <div>
            <dt>{i18n._(formMessages.phone)}</dt>
            <dd>
              <PhoneLink phone={request.phone} />
              {request.isOwnRequest && request.phoneOnlyToHelper && (
                <span className="facts__note facts__note--block">{i18n._(cardMessages.phoneonlytohelperown)}</span>
              )}
            </dd>
          </div>
        )}
        {!completed && request.phone === null && !request.isOwnRequest && !helpEnded && (
          <div>
            <dt>{i18n._(formMessages.phone)}</dt>
            <dd className="facts__note">
              {i18n._(
                request.phoneOnlyToHelper
                  ? cardMessages.phoneonlytohelper
                  : request.phoneLimitReached
                    ? cardMessages.phonelimitreached
                    : cardMessages.phoneshowntonearby,
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{i18n._(requestMessages.status)}</dt>
          <dd>
            <StatusBadge status={request.status} />
            {completed && request.got_help !== null && (
              <span className="facts__note">
                {' · '}
                {i18n._(request.got_help ? requestMessages.gothelp : requestMessages.nohelp)}
              </span>
            )}
          </dd>
        </div>
        {!completed && request.responder_user_name && (
          <div>
            <dt>{i18n._(requestMessages.helper)}</dt>
            <dd>
              {request.responder_user_name}
              {request.responder_phone && (
                <>
                  {' · '}
                  <PhoneLink phone={request.responder_phone} />
                </>
              )}
              {helperDistance && <span className="facts__note facts__note--block">{helperDistance}</span>}
              {trust.helperHelped !== null && (
                <span className="helped-count">
                  {i18n._(thanksMessages.hashelped.id, { count: trust.helperHelped })}
                </span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{i18n._(requestMessages.updated)}</dt>
          <dd>
            <time dateTime={request.updated_at}>{relative(request.updated_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{i18n._(requestMessages.created)}</dt>
          <dd>
            <time dateTime={request.created_at}>{relative(request.created_at)}</time>
          </dd>
        </div>
        {request.views !== null && (
          <div>
            <dt>{i18n._(requestMessages.views)}</dt>
            <dd>{request.views}</dd>
          </div>
        )}
      </dl>

      {/* A completed request's thank-you is its news: first, before the map. */}
      <ThanksSection request={request} trust={trust} />

      <section className="request-detail__section" aria-labelledby="request-location">
        <h3 id="request-location" className="request-detail__heading">
          {i18n._(requestMessages.location)}
        </h3>
        {point ? (
          <>
            {request.isApproximate && <p className="field__hint">{i18n._(requestMessages.approximatearea)}</p>}
            <LazySingleLocationMap
              point={point}
              isApproximate={request.isApproximate}
              own={position}
              helper={helperPosition}
              helperName={request.responder_user_name}
              helperStale={helperStale}
            />
            <OnMyWay request={request} point={point} position={position} helperPosition={helperPosition} now={now} />
            <RequestLocationInfo point={point} />
          </>
        ) : (
          <>
            <p>{i18n._(requestMessages.locationnotshared)}</p>
            <OnMyWay request={request} point={null} position={position} helperPosition={helperPosition} now={now} />
          </>
        )}
        {request.isOwnRequest && !completed && <LocationUpdate request={request} update={update} />}
      </section>

      {request.isOwnRequest && <DescriptionSection request={request} update={update} />}
      {ownActive && !urgent && !stuck && <EmergencyLine position={ownHelpPlace} place={helpPlace} />}
      {request.isOwnRequest && <ShareLinkSection request={request} />}
      {!stuck && <NearbyServices request={request} />}
      <ConversationSection request={request} />
      {!deciding && actions}
      {!reportsInConversation(request, userId) && <ReportPeople request={request} />}
      <SafetyActions request={request} onOwnerBlocked={onDeleted} />
    </div>
  )
}
