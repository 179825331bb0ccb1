import { setTimeout as sleep } from 'node:timers/promises'
import type { Sql } from 'postgres'
import webpush from 'web-push'
import { withPublicOrigin, withReceipt } from './declarative.ts'
import type { EndpointPolicy } from './endpoint-policy.ts'
import { PushEndpointRefused } from './guarded-agent.ts'
import { claimDue, countWaiting, finish, finishSent, nextDue, retryAfter, type PushJob } from './jobs.ts'
import type { VapidKeys } from './vapid.ts'
import { purgeAlerts, runDueWaves, type SentWave, type WaveSettings } from './waves.ts'

export type { PushJob, StoredSubscription } from './jobs.ts'

export interface PushQueueHooks {
  /** The push service says this subscription is gone (404/410). */
  expired(endpoint: string): Promise<void>
  delivered(endpoint: string): Promise<void>
  /** Given up: a permanent error, or the last attempt failed. */
  failed(job: PushJob, error: unknown): void
  /** The endpoint is not (or no longer) allowed by PUSH_ENDPOINT_HOSTS, or resolves to an internal address. */
  refused(job: PushJob, reason: string): void
  /** The worker itself failed (e.g. the database was unreachable); it tries again later. */
  error(error: unknown): void
  /** A wave went out for a request still waiting (after its commit): its owner's progress changed. */
  waveSent?(wave: SentWave): void
}

/** Timings, changed only by tests. */
export interface PushWorkerOptions {
  /** false: this instance queues but never sends (a test's instance that stops before sending). */
  worker?: boolean
  /** Seconds a claimed push stays invisible to other workers while it is being sent. */
  leaseSeconds?: number
  /** Backoff of the first retry without Retry-After; each next one doubles. */
  retryBaseSeconds?: number
}

const CONCURRENCY = 4
export const MAX_ATTEMPTS = 5
const MAX_RETRY_SECONDS = 3600
/** The longest a worker sleeps without looking: covers a wake-up NOTIFY missed while the LISTEN connection was down. */
const MAX_SLEEP_MS = 10_000
const PURGE_EVERY_MS = 60 * 60 * 1000
/** web-push's own timeout; a lease must outlast it, or a slow send could be claimed and sent a second time. */
const SEND_TIMEOUT_MS = 10_000

/**
 * Sends the pushes queued in PostgreSQL (push_jobs), a few at a time, off the request path, and runs the due waves
 * of new requests (push_waves). Any number of instances may run one on the same database: rows are claimed with
 * SKIP LOCKED, so each push is sent once; what a stopped or crashed instance left is sent by the next one.
 */
export class PushQueue {
  private sending = 0
  private readonly inFlight = new Set<Promise<void>>()
  private pumping: Promise<void> | null = null
  private wakeAgain = false
  /** Waves are looked at on a wake-up or a timer, not after every single send. */
  private wavesWanted = true
  private timer: NodeJS.Timeout | undefined
  private closed = false
  private readonly enabled: boolean
  private readonly leaseSeconds: number
  private readonly retryBaseSeconds: number
  private lastPurge = 0

  constructor(
    private readonly sql: Sql,
    private readonly keys: VapidKeys,
    private readonly hooks: PushQueueHooks,
    /** Where pushes may go; its agent is the only way the queue connects. */
    private readonly policy: EndpointPolicy,
    private readonly waves: WaveSettings,
    /** The origin a notification's `navigate` opens (PUBLIC_URL): queued payloads carry only the in-app path. */
    private readonly publicOrigin: string,
    options: PushWorkerOptions = {},
  ) {
    this.enabled = options.worker ?? true
    this.leaseSeconds = options.leaseSeconds ?? 60
    this.retryBaseSeconds = options.retryBaseSeconds ?? 10
  }

  /** Something was queued or scheduled (here or, through NOTIFY, on another instance): look at once. */
  wake(waves = true): void {
    if (this.closed || !this.enabled) return
    if (waves) this.wavesWanted = true
    if (this.pumping) {
      this.wakeAgain = true
      return
    }
    this.pumping = this.pump()
      .catch((error: unknown) => {
        this.hooks.error(error)
        // The database may be back in a moment: look again then, not only at the next NOTIFY.
        this.sleep(MAX_SLEEP_MS)
      })
      .finally(() => {
        this.pumping = null
        if (this.wakeAgain) {
          this.wakeAgain = false
          this.wake(false)
        }
      })
  }

  /** Pushes sending from this instance right now. */
  get pending(): number {
    return this.sending
  }

  /** Pushes waiting in the shared queue (every instance's), sending or waiting to retry: push_queue_waiting. */
  waiting(): Promise<number> {
    return countWaiting(this.sql)
  }

  /**
   * Resolves when no push is queued or waiting to retry and no wave is due (tests). A later wave that is not due
   * yet does not count. Without a worker, only this instance's sends count.
   */
  async idle(): Promise<void> {
    for (;;) {
      if (this.sending === 0 && !this.pumping && (!this.enabled || (await this.nothingDue()))) return
      await sleep(20)
    }
  }

  /** Stops taking work and lets the sends under way finish; everything else stays queued for the next start. */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.timer)
    await this.pumping
    await Promise.race([Promise.all(this.inFlight), sleep(SEND_TIMEOUT_MS, undefined, { ref: false })])
  }

  private async nothingDue(): Promise<boolean> {
    const [row] = await this.sql<{ busy: boolean }[]>`
      select exists (select 1 from push_jobs) or exists (select 1 from push_waves where due_at <= now()) as busy
    `
    return !row!.busy
  }

  private async pump(): Promise<void> {
    clearTimeout(this.timer)
    if (this.wavesWanted) {
      this.wavesWanted = false
      // A wave that fails is reported and put off (runDueWave), so it holds up neither other waves nor pushes.
      await runDueWaves(
        this.sql,
        this.waves,
        (error) => this.hooks.error(error),
        (wave) => this.hooks.waveSent?.(wave),
      )
    }
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now()
      await purgeAlerts(this.sql)
    }
    await this.claim()
    await this.sleepUntilDue()
  }

  /** Takes as many due pushes as there are free sending slots. */
  private async claim(): Promise<void> {
    while (!this.closed && this.sending < CONCURRENCY) {
      const jobs = await claimDue(this.sql, CONCURRENCY - this.sending, this.leaseSeconds)
      for (const job of jobs) this.start(job)
      if (jobs.length === 0) return
    }
  }

  private start(job: PushJob): void {
    this.sending += 1
    const task = this.send(job)
      .catch((error: unknown) => this.hooks.error(error))
      .finally(() => {
        this.sending -= 1
        this.inFlight.delete(task)
        // A free slot: the next due push, if any, without waiting for the timer.
        this.wake(false)
      })
    this.inFlight.add(task)
  }

  private async sleepUntilDue(): Promise<void> {
    if (this.closed) return
    const due = await nextDue(this.sql)
    this.sleep(due === null ? MAX_SLEEP_MS : Math.min(Math.max(due.getTime() - Date.now(), 0) + 5, MAX_SLEEP_MS))
  }

  private sleep(ms: number): void {
    if (this.closed) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.wake(), ms)
    this.timer.unref()
  }

  private async send(job: PushJob): Promise<void> {
    const { endpoint, p256dh, auth } = job.subscription
    // A stored endpoint that the allowlist no longer covers is skipped, never connected to.
    const refused = this.policy.urlRefusal(endpoint)
    if (refused) {
      await finish(this.sql, job.job_id)
      return this.hooks.refused(job, refused)
    }
    try {
      // Encryption happens here, in the worker: never on a request's path.
      // A receipt goes in as it is sent (docs/adr/0016-alert-receipts.md): the queued text is one per language.
      const queued = job.receipt ? withReceipt(job.payload, job.receipt, job.practice ? Date.now() : null) : job.payload
      const payload = withPublicOrigin(queued, this.publicOrigin)
      await webpush.sendNotification({ endpoint, keys: { p256dh, auth } }, payload, {
        vapidDetails: { subject: this.keys.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: job.ttl,
        urgency: job.urgency,
        timeout: SEND_TIMEOUT_MS,
        agent: this.policy.agent,
      })
    } catch (error) {
      return this.failedOnce(job, error)
    }
    await finishSent(this.sql, job.job_id)
    await this.hooks.delivered(endpoint)
  }

  private async failedOnce(job: PushJob, error: unknown): Promise<void> {
    if (error instanceof PushEndpointRefused) {
      await finish(this.sql, job.job_id)
      return this.hooks.refused(job, error.message)
    }
    const status = (error as { statusCode?: number }).statusCode
    // Deleting the subscription deletes its queued pushes, this one included.
    if (status === 404 || status === 410) return this.hooks.expired(job.subscription.endpoint)
    // Slow down (429), the service's own trouble (5xx) and no answer at all are worth another try; 4xx are not.
    const retryable = status === undefined || status === 429 || status >= 500
    if (retryable && job.attempts < MAX_ATTEMPTS) {
      return retryAfter(this.sql, job.job_id, this.backoffSeconds(job, error))
    }
    await finish(this.sql, job.job_id)
    this.hooks.failed(job, error)
  }

  /** The service's Retry-After (seconds or an HTTP date) when it sent one, else an exponential backoff. */
  private backoffSeconds(job: PushJob, error: unknown): number {
    const header = (error as { headers?: Record<string, string | undefined> }).headers?.['retry-after']
    const asNumber = Number(header)
    const asDate = header === undefined ? NaN : (Date.parse(header) - Date.now()) / 1000
    const told = header === undefined || header === '' ? NaN : Number.isFinite(asNumber) ? asNumber : asDate
    if (Number.isFinite(told)) return Math.min(Math.max(told, 1), MAX_RETRY_SECONDS)
    return Math.min(this.retryBaseSeconds * 2 ** (job.attempts - 1), MAX_RETRY_SECONDS)
  }
}
