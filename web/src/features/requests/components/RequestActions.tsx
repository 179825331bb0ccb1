import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { KeyedError } from '#shared/api/errors.ts'
import { deleteRequest, removeHelper, takeOver, type HelpRequest, type RequestRole } from '../api.ts'
import { takeOverFeedback, type Feedback } from '#shared/api/server-error-texts.ts'
import type { Thanks } from '#features/thanks'
import { messages } from '#shared/i18n/catalog.ts'
import { requestMessages } from '../request-catalog.ts'
import { isHelper, selectEndedResponseIds, selectRequests } from '../slice.ts'
import { atActiveResponseLimit } from '../limits.ts'
import { hoursLeft, takeOverPauseEnd } from '../take-over-pause.ts'
import { storedTakeOverPause, storeTakeOverPause } from '../take-over-pause-storage.ts'
import { distanceFrom, formatKm } from '../distance.ts'
import { selectIsAdmin, selectPosition, selectUser } from '#features/account'
import { useStore } from '#shared/store/store.ts'
import { useNow } from '#shared/hooks/useNow.ts'
import { ConfirmDialog } from '#shared/ui/ConfirmDialog.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { ReadyDialog } from './ReadyDialog.tsx'
import { SafetyCard, markSafetyCardSeen } from '#features/safety'

interface RequestActionsProps {
  request: HelpRequest
  update: (request: HelpRequest) => void
  onDeleted: () => void
  /** The owner thanked the helper in the step after marking the request ready. */
  onThanked: (thanks: Thanks) => void
}

/**
 * docs/product.md#help-requests: take over (only while new), release (the helper), a disabled "working on it" for
 * others when someone helps, remove the helper (owner), mark ready (owner or admin), delete (owner or admin). A
 * completed request offers only delete. Release and remove are confirmed first: that helper can never take the request
 * again. A take-over farther away than the helper's own radius (reached through "Show all requests") is asked first
 * with the distance: 160 km is not a ride to a flat tyre.
 */
export function RequestActions({ request, update, onDeleted, onThanked }: RequestActionsProps) {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const isAdmin = useStore(selectIsAdmin)
  const dropRequest = useStore((s) => s.dropRequest)
  const expectOwnChange = useStore((s) => s.expectOwnChange)
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [readyOpen, setReadyOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [releaseOpen, setReleaseOpen] = useState(false)
  const [removeOpen, setRemoveOpen] = useState(false)
  const [farOpen, setFarOpen] = useState(false)
  const [pausedUntil, setPausedUntil] = useState(() => (user ? storedTakeOverPause(user.user_id) : null))
  const now = useNow()
  const position = useStore(selectPosition)
  const requests = useStore(selectRequests)
  const endedResponseIds = useStore(selectEndedResponseIds)
  if (!user) return null

  const completed = request.status === 'completed'
  const own = request.isOwnRequest
  const responding = isHelper(request, user.user_id)
  const canManage = own || isAdmin
  const distance = distanceFrom(position, request)
  const beyondRadius = distance !== null && distance > user.radius
  // Why "I'm working on it" cannot work, shown beside it before it is pressed (docs/product.md#limits).
  const paused = pausedUntil !== null && pausedUntil > now
  const takeOverRefusal = endedResponseIds.includes(request.request_id)
    ? i18n._(messages.alreadyresponded)
    : atActiveResponseLimit(requests, user.user_id)
      ? i18n._(messages.responselimitreached)
      : paused
        ? i18n._(requestMessages.takeoverpaused.id, { hours: hoursLeft(pausedUntil, now) })
        : null

  /**
   * The take-over; after the first one, the safety card that came before it is not shown again. A refusal by the
   * take-over budget disables the button with its reason instead (take-over-pause.ts).
   */
  async function takeOverNow() {
    try {
      const taken = await takeOver(request.request_id)
      markSafetyCardSeen(user!.user_id, 'help')
      return taken
    } catch (error) {
      const until = takeOverPauseEnd(error)
      if (until === null) throw error
      storeTakeOverPause(user!.user_id, until)
      setPausedUntil(until)
      throw error
    }
  }

  /** A take-over's refusal as feedback; none for the budget's, which the disabled button's reason says. */
  const takeOverRefused = (error: unknown) => (takeOverPauseEnd(error) === null ? takeOverFeedback(error) : null)

  async function act(action: () => Promise<HelpRequest>, toFeedback: (error: unknown) => Feedback | null) {
    if (busy) return
    setBusy(true)
    setFeedback(null)
    try {
      update(await action())
    } catch (error) {
      const shown = toFeedback(error)
      if (shown && 'key' in shown && shown.key === 'genericerror') console.error(error)
      setFeedback(shown)
    } finally {
      setBusy(false)
    }
  }

  /** Release or remove, once confirmed: a failure is shown in the confirmation dialog, which stays open. */
  async function removeConfirmed(removedBy: RequestRole, close: () => void) {
    if (removedBy === 'responder') expectOwnChange(request.request_id)
    try {
      update(await removeHelper(request.request_id, removedBy))
    } catch (error) {
      throw new KeyedError('genericerror', error)
    }
    close()
  }

  const feedbackText = feedback ? ('key' in feedback ? i18n._(messages[feedback.key]) : feedback.text) : null

  return (
    <div className="request-actions">
      <FormMessage tone="error" text={feedbackText} />
      {!completed &&
        !own &&
        !responding &&
        (request.responder_id === null ? (
          <>
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy || request.status !== 'new' || takeOverRefusal !== null}
              aria-describedby={takeOverRefusal ? 'take-over-limit' : undefined}
              onClick={() => (beyondRadius ? setFarOpen(true) : void act(takeOverNow, takeOverRefused))}
            >
              {i18n._(requestMessages.takeover)}
            </button>
            {takeOverRefusal && (
              <p id="take-over-limit" className="field__hint">
                {takeOverRefusal}
              </p>
            )}
            {/* Below the button: the helper decides from the first screen (docs/safety.md). */}
            {request.status === 'new' && takeOverRefusal === null && <SafetyCard moment="help" />}
          </>
        ) : (
          <button type="button" className="button button--secondary button--block" disabled>
            {i18n._(requestMessages.workingonit)}
          </button>
        ))}
      {!completed && responding && (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={busy}
          onClick={() => setReleaseOpen(true)}
        >
          {i18n._(requestMessages.release)}
        </button>
      )}
      {!completed && own && request.responder_id !== null && (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={busy}
          onClick={() => setRemoveOpen(true)}
        >
          {i18n._(requestMessages.removehelper)}
        </button>
      )}
      {!completed && canManage && (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={busy}
          onClick={() => setReadyOpen(true)}
        >
          {i18n._(requestMessages.markready)}
        </button>
      )}
      {canManage && (
        <button
          type="button"
          className="button button--danger button--block"
          disabled={busy}
          onClick={() => setDeleteOpen(true)}
        >
          {i18n._(requestMessages.deleterequest)}
        </button>
      )}
      <ReadyDialog
        open={readyOpen}
        onClose={() => setReadyOpen(false)}
        request={request}
        onReady={update}
        onThanked={onThanked}
      />
      <ConfirmDialog
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={i18n._(requestMessages.deletetitle)}
        confirmLabel={i18n._(requestMessages.delete)}
        danger
        onConfirm={async () => {
          expectOwnChange(request.request_id)
          try {
            await deleteRequest(request.request_id)
          } catch (error) {
            throw new KeyedError('genericerror', error)
          }
          dropRequest(request.request_id)
          setDeleteOpen(false)
          onDeleted()
        }}
      >
        <p>{i18n._(requestMessages.deletewarning)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={farOpen}
        onClose={() => setFarOpen(false)}
        title={i18n._(requestMessages.takeoverfartitle)}
        confirmLabel={i18n._(requestMessages.takeoveranyway)}
        onConfirm={async () => {
          setFarOpen(false)
          await act(takeOverNow, takeOverRefused)
        }}
      >
        <p>
          {i18n._(requestMessages.takeoverfartext.id, {
            distance: formatKm(distance ?? 0, i18n.locale),
            radius: user.radius,
          })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={releaseOpen}
        onClose={() => setReleaseOpen(false)}
        title={i18n._(requestMessages.releasetitle)}
        confirmLabel={i18n._(requestMessages.releaseconfirm)}
        danger
        onConfirm={() => removeConfirmed('responder', () => setReleaseOpen(false))}
      >
        <p>{i18n._(requestMessages.releasewarning)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removeOpen}
        onClose={() => setRemoveOpen(false)}
        title={i18n._(requestMessages.removehelpertitle.id, { name: request.responder_user_name ?? '' })}
        confirmLabel={i18n._(requestMessages.removehelperconfirm)}
        danger
        onConfirm={() => removeConfirmed('owner', () => setRemoveOpen(false))}
      >
        <p>{i18n._(requestMessages.removehelperwarning)}</p>
      </ConfirmDialog>
    </div>
  )
}
