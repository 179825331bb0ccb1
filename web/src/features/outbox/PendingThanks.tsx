import { useLingui } from '@lingui/react'
import type { OutboxEntry } from './slice.ts'
import { outboxMessages } from './outbox-catalog.ts'
import { OutboxStatus } from './OutboxStatus.tsx'
import './outbox.css'

const textOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'text' in body && typeof body.text === 'string' ? body.text : ''

/** The owner's thank-you that waits on the phone, in the thank-you form's place (docs/outbox.md). */
export function PendingThanks({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui()
  return (
    <div className={`outbox-thanks outbox-thanks--${entry.status}`}>
      <p className="thanks-note">{i18n._(outboxMessages.outboxpendingthanks.id, { text: textOf(entry.item.body) })}</p>
      <OutboxStatus entry={entry} />
    </div>
  )
}
