import { useLingui } from '@lingui/react'
import { type ReactNode, useEffect, useState } from 'react'
import type { HelpRequest } from '../api.ts'
import { formatRelativeTime } from '../relative-time.ts'
import { askToAlertMore, progressView, searchOutcome, stillAlertingAfterAsk } from '../waiting-progress.ts'
import { progressMessages } from '../waiting-progress-catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useOnline } from '#shared/hooks/useOnline.ts'
import { useStore } from '#shared/store/store.ts'
import { ApiError } from '#shared/api/errors.ts'
import { useAction } from '#shared/form/useAction.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { messages } from '#shared/i18n/catalog.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import './WaitingProgress.css'

/** The count of alerted helpers whose abilities fit, by the kind of ability the request's category wants. */
const FITTING_TEXT = {
  repair_kit: progressMessages.fittingrepairkit,
  vehicle: progressMessages.fittingvehicle,
} as const

/** A due time is written to the minute; the block looks again this often so "in 1 minute" and the button follow. */
const TICK_MS = 5_000

/**
 * The waiting owner's progress (docs/product.md#progress-while-waiting): how many helpers were alerted, how many of
 * their phones confirmed the alert (reached) and how many opened the request, when the next alert round goes, and "Alert more helpers now". Only in the owner's own detail while the
 * request is new; the server sends the counts to nobody else.
 */
export function WaitingProgress({ request, otherWays }: { request: HelpRequest; otherWays?: ReactNode }) {
  if (!request.isOwnRequest || request.status !== 'new') return null
  return <ProgressBlock requestId={request.request_id} otherWays={otherWays} />
}

/**
 * `otherWays`: what else the owner can do (the nearest open services, an SMS to someone they trust, the 112 line),
 * shown in the block when a round found nobody within reach or nobody new (docs/product.md#progress-while-waiting).
 */
function ProgressBlock({ requestId, otherWays }: { requestId: number; otherWays: ReactNode }) {
  const { i18n } = useLingui()
  const watch = useStore((s) => s.watchWaitingProgress)
  const load = useStore((s) => s.loadWaitingProgress)
  const arrived = useStore((s) => s.waitingProgressArrived)
  const progress = useStore((s) => s.waitingProgress[requestId])
  const failed = useStore((s) => s.waitingProgressFailed[requestId] === true)
  useEffect(() => watch(requestId), [watch, requestId])
  const online = useOnline()
  const now = useTick(TICK_MS)
  const { busy, error, run } = useAction()
  // The rounds as the ask's answer counted them (undefined: not asked here): "More helpers are being alerted." holds
  // until the round it brought comes back having found nobody new.
  const [askedRounds, setAskedRounds] = useState<number | null | undefined>(undefined)

  const alertMore = () =>
    void run(async () => {
      setAskedRounds(undefined)
      try {
        const answer = await askToAlertMore(requestId)
        arrived(requestId, answer)
        setAskedRounds(answer.rounds)
      } catch (caught) {
        // Too soon, or nothing left to hurry (another device asked, a helper took it): the block shows why.
        if (caught instanceof ApiError && (caught.status === 429 || caught.status === 409)) void load(requestId)
        throw caught
      }
    })

  // A wait is told in whole minutes rounded up: "in 2 minutes" for 119 s, never a promise the clock breaks.
  const relative = (iso: string) =>
    formatRelativeTime(
      new Date(now + Math.ceil((Date.parse(iso) - now) / 60_000) * 60_000).toISOString(),
      now,
      i18n.locale,
      '',
    )
  const underAMinute = (iso: string) => Date.parse(iso) - now < 60_000
  const view = progress ? progressView(progress, now) : null
  const outcome = progress ? searchOutcome(progress) : 'searching'
  const stillAlerting =
    progress !== undefined && askedRounds !== undefined && stillAlertingAfterAsk(progress, askedRounds)

  return (
    <section className="request-detail__section waiting-progress" aria-labelledby="waiting-progress-heading">
      <h3 id="waiting-progress-heading" className="request-detail__heading">
        {i18n._(progressMessages.progressheading)}
      </h3>
      {!progress && !failed && <Loader label={i18n._(progressMessages.progressloading)} />}
      {!progress && failed && (
        <>
          <FormMessage tone="error" text={i18n._(progressMessages.progressfailed)} />
          <button type="button" className="button button--secondary" onClick={() => void load(requestId)}>
            {i18n._(shellMessages.tryagain)}
          </button>
        </>
      )}
      {progress && view && (
        <>
          <p className="waiting-progress__counts" aria-live="polite">
            <span>
              {outcome === 'nobody'
                ? i18n._(progressMessages.progressnobodyinreach)
                : i18n._(progressMessages.progressalerted.id, { count: progress.alerted })}
            </span>
            {/* docs/product.md#abilities: how many of them have what fits the request. */}
            {progress.fitting > 0 && progress.fitting_ability && (
              <>
                <span aria-hidden="true">, </span>
                <span className="waiting-progress__fitting">
                  {i18n._(FITTING_TEXT[progress.fitting_ability].id, { fitting: progress.fitting })}
                </span>
              </>
            )}
            {progress.alerted > 0 && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="waiting-progress__count">
                  {i18n._(progressMessages.progressreached.id, { count: progress.reached })}
                </span>
              </>
            )}
            {progress.opened > 0 && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="waiting-progress__count">
                  {i18n._(progressMessages.progressopened.id, { count: progress.opened })}
                </span>
              </>
            )}
          </p>
          {outcome === 'no-one-new' && (
            <p className="waiting-progress__outcome" aria-live="polite">
              {i18n._(progressMessages.progressnoonenew)}
            </p>
          )}
          <p className="waiting-progress__next">
            {view.next.kind === 'none'
              ? i18n._(progressMessages.progressnomorerounds)
              : view.next.kind === 'now'
                ? i18n._(progressMessages.progressalertingnow)
                : underAMinute(view.next.at)
                  ? i18n._(progressMessages.progressnextroundsoon)
                  : i18n._(progressMessages.progressnextround.id, { when: relative(view.next.at) })}
          </p>
          {view.alertMore.kind !== 'hidden' && (
            <>
              <button
                type="button"
                className="button button--secondary button--block"
                disabled={busy || !online || view.alertMore.kind === 'wait'}
                aria-describedby={view.alertMore.kind === 'wait' ? 'alert-more-wait' : undefined}
                onClick={alertMore}
              >
                {i18n._(progressMessages.alertmore)}
              </button>
              {view.alertMore.kind === 'wait' && (
                <p id="alert-more-wait" className="field__hint">
                  {underAMinute(view.alertMore.until)
                    ? i18n._(progressMessages.alertmorewaitsoon)
                    : i18n._(progressMessages.alertmorewait.id, { when: relative(view.alertMore.until) })}
                </p>
              )}
            </>
          )}
          {!online && <p className="field__hint">{i18n._(progressMessages.progressoffline)}</p>}
        </>
      )}
      <FormMessage tone="success" text={stillAlerting && !error ? i18n._(progressMessages.alertmoresent) : null} />
      {outcome !== 'searching' && otherWays && (
        <div className="waiting-progress__other-ways">
          <p className="waiting-progress__other-ways-lead">{i18n._(progressMessages.progressotherways)}</p>
          {otherWays}
        </div>
      )}
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
    </section>
  )
}

/** The time now, moving every `ms` while the block is on screen. */
function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}
