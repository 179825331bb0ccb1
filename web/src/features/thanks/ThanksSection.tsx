import { useLingui } from '@lingui/react'
import { type HelpRequest, listBadgeMessages } from '#features/requests'
import { formMessages } from '#shared/form/form-catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { thanksMessages } from './thanks-catalog.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { ThanksForm } from './ThanksForm.tsx'
import type { TrustView } from './useTrust.ts'
import type { Thanks } from './api.ts'
import { useShallow } from 'zustand/react/shallow'
import { useStore } from '#shared/store/store.ts'
import { PendingThanks, selectOutbox } from '#features/outbox'
import './thanks.css'

/**
 * The thank-you of a completed request, in its detail: the helper reads "Thank you from <owner>: …", the owner
 * what they sent, or the form if they skipped it after marking the request ready. Nobody else sees the section.
 */
export function ThanksSection({ request, trust }: { request: HelpRequest; trust: TrustView }) {
  const { i18n } = useLingui()
  // A thank-you kept on the phone (docs/outbox.md): shown in the form's place; once sent, as the thank-you itself.
  const kept = useStore(useShallow(selectOutbox('thanks', request.request_id)))
  if (request.status !== 'completed' || request.got_help !== true) return null
  const pending = kept.find((entry) => entry.status !== 'sent')
  const sent = kept.map((entry) => entry.answer).find(isThanks)
  const { phase, canThank } = trust
  const thanks = trust.thanks ?? sent ?? null
  if (phase === 'loaded' && !thanks && !canThank && !pending) return null
  // Most viewers have nothing here: only the owner, who knows there may be something, sees it load.
  if (phase !== 'loaded' && !thanks && !request.isOwnRequest) return null
  return (
    <section className="request-detail__section" aria-labelledby="request-thanks">
      <h3 id="request-thanks" className="request-detail__heading">
        {i18n._(thanksMessages.thanks)}
      </h3>
      {phase === 'loading' && !thanks && <Loader label={i18n._(formMessages.pleasewait)} />}
      {phase === 'failed' && !thanks && (
        <>
          <FormMessage tone="error" text={i18n._(thanksMessages.thanksfailed)} />
          <button type="button" className="button button--secondary" onClick={trust.retry}>
            {i18n._(shellMessages.tryagain)}
          </button>
        </>
      )}
      {thanks && (
        <p className="thanks-note">
          {request.isOwnRequest
            ? i18n._(thanksMessages.yourthanks.id, { text: thanks.text })
            : i18n._(listBadgeMessages.thanksfrom.id, { name: thanks.owner_name, text: thanks.text })}
        </p>
      )}
      {!thanks && pending && <PendingThanks entry={pending} />}
      {!thanks && !pending && canThank && (
        <>
          <p className="field__hint">{i18n._(thanksMessages.thanksintrononame)}</p>
          <ThanksForm requestId={request.request_id} onSent={trust.sent} />
        </>
      )}
    </section>
  )
}

const isThanks = (answer: unknown): answer is Thanks =>
  typeof answer === 'object' && answer !== null && 'text' in answer && 'request_id' in answer && 'owner_name' in answer
