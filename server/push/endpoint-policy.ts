import type { Agent } from 'node:https'
import { matchAllowlist, parseAllowlist, PUSH_SERVICE_PORT, type AllowEntry } from './allowlist.ts'
import { guardedAgent, resolvedRefusal, systemResolve, type Resolve } from './guarded-agent.ts'

/** A subscribe call waits at most this long for DNS; after that the send-time check decides. */
const SUBSCRIBE_DNS_TIMEOUT_MS = 3000

export interface EndpointPolicyOptions {
  /** Only for tests: a resolver that answers what the test needs. */
  resolve?: Resolve | undefined
  /** Only for tests: a CA certificate trusted besides Node's roots (a local push service's self-signed one). */
  extraCa?: string | Buffer | undefined
}

/**
 * The one rule for where pushes may go (PUSH_ENDPOINT_HOSTS, see allowlist.ts): https, an allow-listed push
 * service on 443 (or an exact address:port entry), and for names, only public addresses. Checked when a browser
 * subscribes, so a bad endpoint is refused with a message, and again on every connection through `agent`, so a
 * stored endpoint that is no longer allowed, or a name that now resolves elsewhere, is never connected to.
 */
export class EndpointPolicy {
  readonly agent: Agent
  private readonly entries: readonly AllowEntry[]
  private readonly resolve: Resolve

  constructor(allowlist: string, options: EndpointPolicyOptions = {}) {
    this.entries = parseAllowlist(allowlist)
    this.resolve = options.resolve ?? systemResolve
    this.agent = guardedAgent(this.entries, this.resolve, options.extraCa)
  }

  /** Why the endpoint's URL is refused, or null: the rules that need no DNS (the queue checks these before sending). */
  urlRefusal(endpoint: string): string | null {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return 'not a URL'
    }
    if (url.protocol !== 'https:') return 'not https'
    if (url.username || url.password) return 'carries credentials'
    const port = url.port === '' ? PUSH_SERVICE_PORT : Number(url.port)
    if (!matchAllowlist(this.entries, url.hostname, port)) return `${url.host} is not an allowed push service`
    return null
  }

  /**
   * Why a new subscription's endpoint is refused, or null. A name is resolved now too, so that one pointing at an
   * internal address is refused at once. A name that does not resolve (yet, or DNS is slow) is not refused: every
   * connection checks the addresses it really uses, so accepting it cannot reach anything internal, while refusing
   * would turn a DNS hiccup into a failed subscription.
   */
  async subscribeRefusal(endpoint: string): Promise<string | null> {
    const refused = this.urlRefusal(endpoint)
    if (refused) return refused
    const url = new URL(endpoint)
    if (matchAllowlist(this.entries, url.hostname, Number(url.port || PUSH_SERVICE_PORT)) === 'address') return null
    const addresses = await withTimeout(this.resolve(url.hostname), SUBSCRIBE_DNS_TIMEOUT_MS).catch(() => null)
    return addresses ? resolvedRefusal(url.hostname, addresses) : null
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
