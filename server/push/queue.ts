import webpush from 'web-push'
import type { EndpointPolicy } from './endpoint-policy.ts'
import { PushEndpointRefused } from './guarded-agent.ts'
import type { VapidKeys } from './vapid.ts'

export interface StoredSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushJob {
  subscription: StoredSubscription
  payload: string
  /** New requests are urgent for the people around; the rest can wait for a better moment. */
  urgency: 'high' | 'normal'
  /** Seconds a push service keeps trying an offline device: help is needed now, not tomorrow. */
  ttl: number
}

export interface PushQueueHooks {
  /** The push service says this subscription is gone (404/410). */
  expired(endpoint: string): Promise<void>
  delivered(endpoint: string): Promise<void>
  failed(job: PushJob, error: unknown): void
  /** The endpoint is not (or no longer) allowed by PUSH_ENDPOINT_HOSTS, or resolves to an internal address. */
  refused(job: PushJob, reason: string): void
}

const CONCURRENCY = 4
const MAX_ATTEMPTS = 3
const MAX_RETRY_AFTER_SECONDS = 3600

/**
 * Sends pushes off the request path, a few at a time. A push service's 429 is honoured: the job waits for its
 * Retry-After and tries again, up to three attempts.
 */
export class PushQueue {
  private readonly waiting: Array<PushJob & { attempt: number }> = []
  private running = 0
  private readonly timers = new Set<NodeJS.Timeout>()
  private idleWaiters: Array<() => void> = []
  private closed = false

  constructor(
    private readonly keys: VapidKeys,
    private readonly hooks: PushQueueHooks,
    /** Where pushes may go; its agent is the only way the queue connects. */
    private readonly policy: EndpointPolicy,
  ) {}

  enqueue(job: PushJob): void {
    if (this.closed) return
    this.waiting.push({ ...job, attempt: 1 })
    this.pump()
  }

  /** Jobs queued, sending or waiting to retry (the push_queue_waiting metric). */
  get pending(): number {
    return this.waiting.length + this.running + this.timers.size
  }

  /** Resolves when nothing is queued, sending or waiting to retry (tests and shutdown). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  close(): void {
    this.closed = true
    this.waiting.length = 0
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.settle()
  }

  private isIdle(): boolean {
    return this.waiting.length === 0 && this.running === 0 && this.timers.size === 0
  }

  private settle(): void {
    if (!this.isIdle()) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    waiters.forEach((resolve) => resolve())
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const job = this.waiting.shift()!
      this.running += 1
      void this.send(job).finally(() => {
        this.running -= 1
        this.pump()
        this.settle()
      })
    }
  }

  private async send(job: PushJob & { attempt: number }): Promise<void> {
    const { endpoint, p256dh, auth } = job.subscription
    // A stored endpoint that the allowlist no longer covers is skipped, never connected to.
    const refused = this.policy.urlRefusal(endpoint)
    if (refused) return this.hooks.refused(job, refused)
    try {
      await webpush.sendNotification({ endpoint, keys: { p256dh, auth } }, job.payload, {
        vapidDetails: { subject: this.keys.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: job.ttl,
        urgency: job.urgency,
        timeout: 10_000,
        agent: this.policy.agent,
      })
      await this.hooks.delivered(endpoint)
    } catch (error) {
      if (error instanceof PushEndpointRefused) return this.hooks.refused(job, error.message)
      const status = (error as { statusCode?: number }).statusCode
      if (status === 404 || status === 410) return this.hooks.expired(endpoint)
      if (status === 429 && job.attempt < MAX_ATTEMPTS && !this.closed) return this.retryLater(job, error)
      this.hooks.failed(job, error)
    }
  }

  private retryLater(job: PushJob & { attempt: number }, error: unknown): void {
    const header = (error as { headers?: Record<string, string> }).headers?.['retry-after']
    const seconds = Math.min(Math.max(Number(header) || 60, 1), MAX_RETRY_AFTER_SECONDS)
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.waiting.push({ ...job, attempt: job.attempt + 1 })
      this.pump()
    }, seconds * 1000)
    timer.unref()
    this.timers.add(timer)
  }
}
