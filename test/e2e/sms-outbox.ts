import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** One line of DATA_DIR/sms-outbox.jsonl, written by the server's outbox SMS transport. */
export interface OutboxMessage {
  to: string
  text: string
  code: string
  purpose: 'register' | 'reset'
  at: string
}

/** Reads the verification codes the server "sent", as a person would read their phone. */
export class SmsOutbox {
  readonly file: string

  constructor(dataDir: string) {
    this.file = join(dataDir, 'sms-outbox.jsonl')
  }

  messages(to?: string): OutboxMessage[] {
    if (!existsSync(this.file)) return []
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxMessage)
      .filter((message) => to === undefined || message.to === to)
  }

  /** How many messages went to `to` so far: pass it to waitForCode to wait for the next one. */
  count(to: string): number {
    return this.messages(to).length
  }

  /** The code of the first message to `to` after the first `seen` ones, waiting up to `timeoutMs` for it. */
  async waitForCode(to: string, seen: number, timeoutMs = 10_000): Promise<OutboxMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const message = this.messages(to)[seen]
      if (message) return message
      if (Date.now() > deadline) throw new Error(`No SMS to ${to} after ${seen} earlier ones in ${this.file}`)
      await sleep(50)
    }
  }
}
