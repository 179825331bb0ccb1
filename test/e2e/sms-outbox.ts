import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Purpose } from '../../server/domain/accounts/phone-validation.ts'
import { waitUntil } from '../wait.ts'

/** One line of DATA_DIR/sms-outbox.jsonl, written by the server's outbox SMS transport. */
export interface OutboxMessage {
  to: string
  text: string
  code: string
  purpose: Purpose
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

  /**
   * The first message to `to` after the first `seen` ones, once it is there. No deadline of its own (docs/testing.md,
   * Helpers): an SMS that never comes is ended by the test file's timeout. Its polling does not keep the process
   * alive, so a wait left behind ends with the test: test/built/caddy.test.ts waits on every instance's outbox
   * and only one of them gets the message.
   */
  async waitForCode(to: string, seen: number): Promise<OutboxMessage> {
    let message: OutboxMessage | undefined
    await waitUntil(() => (message = this.messages(to)[seen]) !== undefined, { holdProcess: false })
    return message!
  }
}
