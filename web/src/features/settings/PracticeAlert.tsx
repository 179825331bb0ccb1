import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { notificationMessages } from './notification-catalog.ts'
import { sendPracticeAlert } from '#features/pwa'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { intlLocale } from '#shared/format/intl-locale.ts'

/**
 * With notifications on: when an alert last reached this device (its service worker's latest receipt, docs/live-and-push.md,
 * "Receipts") and "Send me a practice alert", which pushes to the user's devices and says how long it took once
 * tapped. A refusal (3 an hour, or no subscription) shows the server's reason in the user's language.
 */
export function PracticeAlert({ lastReachedAt }: { lastReachedAt: string | null }) {
  const { i18n } = useLingui()
  const { busy, error, run } = useAction()
  const [sent, setSent] = useState(false)
  const send = () =>
    void run(async () => {
      setSent(false)
      await sendPracticeAlert()
      setSent(true)
    })
  const when =
    lastReachedAt === null
      ? null
      : new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(lastReachedAt),
        )
  return (
    <>
      <p className="settings-panel__note">
        {when === null
          ? i18n._(notificationMessages.lastreachednever)
          : i18n._(notificationMessages.lastreached.id, { when })}
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={send}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {i18n._(notificationMessages.sendpracticealert)}
      </button>
      <FormMessage tone="success" text={sent && !error ? i18n._(notificationMessages.practicealertsent) : null} />
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
    </>
  )
}
