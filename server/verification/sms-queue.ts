import { maskPhone } from '../logging.ts'
import type { SmsMessage, SmsTransport } from './sms-transport.ts'

/** Deliveries running at once: a slow gateway must not pile up connections, nor one slow SMS hold back the rest. */
const CONCURRENT_DELIVERIES = 4

export interface SmsQueue {
  /** Hands a message over for delivery after the caller has answered; never waits for the transport. */
  enqueue(message: SmsMessage): void
  /** Resolves once every message enqueued so far has been delivered or has failed (shutdown, tests). */
  delivered(): Promise<void>
}

interface Log {
  error(obj: object, msg: string): void
}

/**
 * The SMS send queue of docs/adr/0002-sms-delivery-after-the-answer.md: in memory, so the code exists in plaintext
 * only in this process until the transport has it. A message lost to a crash is sent again when the person asks
 * ("send again", after the resend-after time); a failed delivery is logged and counted, not retried.
 */
export function smsQueue(transport: SmsTransport, log: Log, onSent: () => void): SmsQueue {
  const waiting: SmsMessage[] = []
  let running = 0
  let idle: Array<() => void> = []

  const settleIfIdle = () => {
    if (running > 0 || waiting.length > 0) return
    for (const resolve of idle) resolve()
    idle = []
  }

  const deliverNext = () => {
    while (running < CONCURRENT_DELIVERIES && waiting.length > 0) {
      const message = waiting.shift()!
      running += 1
      transport
        .send(message)
        .then(onSent, (error: unknown) =>
          // The code is never logged, nor the whole number: the person sees no SMS and asks again.
          log.error({ err: error, to: maskPhone(message.to), purpose: message.purpose }, 'SMS delivery failed'),
        )
        .finally(() => {
          running -= 1
          deliverNext()
          settleIfIdle()
        })
    }
  }

  return {
    enqueue(message) {
      waiting.push(message)
      // On a later turn of the event loop: whatever the transport does, it starts after the caller has returned.
      setImmediate(deliverNext)
    },
    delivered() {
      if (running === 0 && waiting.length === 0) return Promise.resolve()
      return new Promise((resolve) => idle.push(resolve))
    },
  }
}
