import type { LookupAddress, LookupOptions } from 'node:dns'
import { lookup as dnsLookup } from 'node:dns/promises'
import { Agent, type RequestOptions } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Duplex } from 'node:stream'
import { rootCertificates } from 'node:tls'
import { nonPublicKind } from './addresses.ts'
import { matchAllowlist, PUSH_SERVICE_PORT, type AllowEntry } from './allowlist.ts'

/** A push endpoint the server will not connect to; the message says why (for the logs, never for users). */
export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PushEndpointRefused'
  }
}

/** Every address a name resolves to (the resolver is replaceable for tests). */
export type Resolve = (hostname: string, family?: number) => Promise<LookupAddress[]>

export const systemResolve: Resolve = (hostname, family = 0) => dnsLookup(hostname, { all: true, family })

/** Why a name's addresses must not be connected to: one bad address refuses the name (it is not a push service). */
export function resolvedRefusal(hostname: string, addresses: readonly LookupAddress[]): string | null {
  if (addresses.length === 0) return `${hostname} resolves to no address`
  for (const { address } of addresses) {
    const kind = nonPublicKind(address)
    if (kind) return `${hostname} resolves to ${address}, a ${kind} address`
  }
  return null
}

/**
 * The lookup the sockets use: the addresses it hands to the socket are the ones it checked, so a name cannot be
 * re-pointed (DNS rebinding) between the check and the connection.
 */
export function guardedLookup(resolve: Resolve): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0)).then(
      (addresses) => {
        const refused = resolvedRefusal(hostname, addresses)
        if (refused) return callback(new PushEndpointRefused(refused), [])
        if (options.all) return callback(null, addresses)
        const [first] = addresses as [LookupAddress]
        callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    )
  }
}

/**
 * The https agent every push goes through. Before a socket is opened it checks the host and port it is really
 * about to connect to (not how a URL parser read the endpoint): an exact address:port entry, or an allow-listed
 * name on 443 whose every address is public. IP literals never reach a lookup, hence the check here too.
 */
class GuardedAgent extends Agent {
  constructor(
    private readonly entries: readonly AllowEntry[],
    resolve: Resolve,
    extraCa: string | Buffer | undefined,
  ) {
    // `ca` replaces Node's trusted roots, so an extra one (a test's self-signed push service) is added to them.
    super({ lookup: guardedLookup(resolve), ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}) })
  }

  override createConnection(
    options: RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = options.host ?? options.hostname ?? ''
    const port = Number(options.port ?? PUSH_SERVICE_PORT)
    if (!matchAllowlist(this.entries, host, port)) {
      const error = new PushEndpointRefused(`${host}:${port} is not an allowed push service`)
      process.nextTick(() => callback?.(error, undefined as unknown as Duplex))
      return undefined
    }
    return super.createConnection(options, callback)
  }
}

export function guardedAgent(entries: readonly AllowEntry[], resolve: Resolve, extraCa?: string | Buffer): Agent {
  return new GuardedAgent(entries, resolve, extraCa)
}
