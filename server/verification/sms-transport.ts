import { appendFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Purpose } from '../domain/accounts/phone-codes.ts'
import { maskPhone } from '../logging.ts'

export interface SmsMessage {
  to: string
  text: string
  code: string
  purpose: Purpose
}

/** How a verification code leaves the server; production and tests use the same interface. */
export interface SmsTransport {
  send(message: SmsMessage): Promise<void>
}

export const OUTBOX_FILE = 'sms-outbox.jsonl'

/** Development and tests: one JSON line per message in DATA_DIR/sms-outbox.jsonl, where a person or a test reads it. */
export function outboxTransport(dataDir: string, log: { info(obj: object, msg: string): void }): SmsTransport {
  const file = join(dataDir, OUTBOX_FILE)
  return {
    async send({ to, text, code, purpose }) {
      await mkdir(dataDir, { recursive: true })
      await appendFile(file, JSON.stringify({ to, text, code, purpose, at: new Date().toISOString() }) + '\n')
      // Never the code itself nor the whole number: logs travel further than DATA_DIR (collectors, support tickets).
      log.info({ to: maskPhone(to), purpose, file }, 'verification code written to the SMS outbox')
    },
  }
}

/** Production: POST {"to","text"} to an SMS gateway. The code itself is never logged here. */
export function httpTransport(url: string, token: string | undefined): SmsTransport {
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
    },
  }
}
