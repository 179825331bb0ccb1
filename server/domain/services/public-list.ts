import { createHash } from 'node:crypto'
import type { Queryable } from '../../db/queryable.ts'
import { listServices } from './services.ts'

export interface ServiceListBody {
  /** The public list as sent: serialised once per change, not per request. */
  body: string
  etag: string
}

/**
 * The public service list, kept serialised in memory with its ETag: a revalidation (304) costs a string compare, a
 * full answer no query. Every instance drops it when it hears of a change (the `services` bus message, which the
 * admin routes and the import command send after their commit) or may have missed one (the bus reconnected). A
 * build that a change overtakes is dropped with the cache, so it never outlives the change. The age limit is a
 * safety net only, for an edit made outside the app (SQL by hand).
 */
export class PublicServiceList {
  private current: Promise<ServiceListBody> | undefined
  private builtAt = 0

  constructor(
    private readonly sql: Queryable,
    private readonly maxAgeMs = 10 * 60 * 1000,
  ) {}

  get(): Promise<ServiceListBody> {
    if (!this.current || Date.now() - this.builtAt > this.maxAgeMs) {
      const building = this.build()
      this.current = building
      this.builtAt = Date.now()
      // A failed build is not kept: the next request tries again.
      building.catch(() => {
        if (this.current === building) this.current = undefined
      })
    }
    return this.current
  }

  invalidate(): void {
    this.current = undefined
  }

  private async build(): Promise<ServiceListBody> {
    const body = JSON.stringify(await listServices(this.sql))
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
  }
}
