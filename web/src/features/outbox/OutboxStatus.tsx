import { useLingui } from '@lingui/react'
import { ApiError } from '#shared/api/errors.ts'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { useTakingLong } from '#shared/hooks/useTakingLong.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { outboxMessages } from './outbox-catalog.ts'
import type { OutboxEntry } from './slice.ts'

/**
 * Where an outbox item stands, in words, with what the user can do about it: Cancel while it waits for signal
 * ("Sending…" once a round has been sending it for 2 s), Undo for a while after Cancel, Dismiss once the server
 * refused it (with the server's reason in the user's language). A polite live region, so a screen reader hears
 * "Sent" when it lands.
 */
export function OutboxStatus({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui()
  const remove = useStore((state) => state.removeOutboxItem)
  const undo = useStore((state) => state.undoCancelOutboxItem)
  const { item, status } = entry
  const onItsWay = useStore((state) => state.outboxSending === item.key)
  const slow = useTakingLong(status === 'waiting' && onItsWay)
  const refusal = item.refusal
  return (
    <div className={`outbox-status outbox-status--${status}`}>
      <p className="outbox-status__text" role="status">
        {status === 'waiting' && i18n._(slow ? formMessages.sending : outboxMessages.outboxwaiting)}
        {status === 'sent' && i18n._(outboxMessages.outboxsent)}
        {status === 'cancelled' && i18n._(outboxMessages.outboxcancelled)}
        {status === 'refused' &&
          refusal &&
          i18n._(outboxMessages.outboxrefused.id, {
            reason: i18n._(messages[messageKeyOf(new ApiError(refusal.status, refusal.message), () => false)]),
          })}
      </p>
      {status === 'cancelled' ? (
        <button type="button" className="button button--secondary" onClick={() => void undo(item.key)}>
          {i18n._(outboxMessages.outboxundo)}
        </button>
      ) : (
        status !== 'sent' && (
          <button type="button" className="button button--secondary" onClick={() => void remove(item.key)}>
            {i18n._(status === 'waiting' ? outboxMessages.outboxcancel : outboxMessages.outboxdismiss)}
          </button>
        )
      )}
    </div>
  )
}
