import { useLingui } from '@lingui/react'
import { parseRefusal } from '#server/domain/moderation/refusal.ts'
// The appeal goes to the support address the info page shows (the info feature owns it).
import { SupportAddress } from '#features/info'
import { formatRefusalEnd } from './refusal-end.ts'
import { suspensionMessages } from './suspension-catalog.ts'
import './suspension.css'

/**
 * A suspended or banned account's refusal, in the user's language: what was decided, until when, the
 * administrator's reason as they wrote it, and how to appeal. An alert, so it is read out when it appears.
 */
export function AccountRefusalNotice({ message }: { message: string }) {
  const { i18n } = useLingui()
  const refusal = parseRefusal(message)
  if (!refusal) return null
  return (
    <section className="account-refusal" role="alert" aria-labelledby="account-refusal-title">
      <h2 id="account-refusal-title" className="account-refusal__title">
        {i18n._(refusal.until ? suspensionMessages.suspendedtitle : suspensionMessages.bannedtitle)}
      </h2>
      <p>
        {refusal.until
          ? i18n._(suspensionMessages.suspendeduntil.id, { date: formatRefusalEnd(refusal.until, i18n.locale) })
          : i18n._(suspensionMessages.bannedtext)}
      </p>
      <p>
        {i18n._(suspensionMessages.refusalreason)} <q className="account-refusal__reason">{refusal.reason}</q>
      </p>
      <p>{i18n._(suspensionMessages.refusalappeal)}</p>
      <SupportAddress />
    </section>
  )
}
