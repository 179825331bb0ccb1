import { isIP, isIPv4, isIPv6 } from 'node:net'

/**
 * PUSH_ENDPOINT_HOSTS: the push services the server may connect to. An entry is
 * - a host name, matched exactly (`fcm.googleapis.com`), on port 443;
 * - a wildcard `*.notify.windows.com`, any subdomain (not the name itself), on port 443;
 * - an exact `address:port` (`127.0.0.1:8443`, `[::1]:8443`): the only kind that may point at a loopback or private
 *   address, because the operator named that very address (the tests' local push service, a self-hosted one).
 */
export type AllowEntry =
  | { kind: 'name'; name: string }
  | { kind: 'wildcard'; suffix: string }
  | { kind: 'address'; host: string; port: number }

/** What an endpoint's host matched: names are then checked against what they resolve to, addresses are not. */
export type AllowMatch = 'name' | 'address'

/** The port of every real push service, and the only one a name may use. */
export const PUSH_SERVICE_PORT = 443

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`)

/** The URL form of a host (lower case; IPv6 compressed, in brackets), so that one address has one spelling. */
export function canonicalHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (isIPv6(bare)) return new URL(`https://[${bare}]/`).hostname
  return bare.toLowerCase()
}

function parseEntry(text: string): AllowEntry {
  const entry = text.trim().toLowerCase()
  const address = /^(\[[0-9a-f:.]+\]|[0-9.]+):(\d{1,5})$/.exec(entry)
  if (address) {
    const [, host, port] = address as unknown as [string, string, string]
    const valid = host.startsWith('[') ? isIPv6(host.slice(1, -1)) : isIPv4(host)
    if (!valid || Number(port) < 1 || Number(port) > 65535) throw new Error(`"${text}" is not an address:port`)
    return { kind: 'address', host: canonicalHost(host), port: Number(port) }
  }
  if (isIP(entry) || isIP(entry.replace(/^\[|\]$/g, ''))) {
    throw new Error(`"${text}": an address needs its port (address:port)`)
  }
  if (entry.startsWith('*.')) {
    const suffix = entry.slice(2)
    // `*.com` would allow the whole top-level domain.
    if (!NAME.test(suffix) || !suffix.includes('.')) throw new Error(`"${text}" is not a wildcard like *.example.com`)
    return { kind: 'wildcard', suffix }
  }
  if (!NAME.test(entry)) throw new Error(`"${text}" is not a host name`)
  return { kind: 'name', name: entry }
}

/** Parses the comma-separated list; throws naming the first bad entry (config.ts turns that into a ConfigError). */
export function parseAllowlist(text: string): AllowEntry[] {
  const entries = text.split(',').filter((part) => part.trim() !== '')
  if (entries.length === 0) throw new Error('the list is empty')
  return entries.map(parseEntry)
}

/** Whether a push to host:port is allowed, and how; `host` in any spelling (`::1` or `[::1]`). */
export function matchAllowlist(entries: readonly AllowEntry[], host: string, port: number): AllowMatch | null {
  const canonical = canonicalHost(host)
  const literal = isIP(canonical.replace(/^\[|\]$/g, '')) !== 0
  for (const entry of entries) {
    if (entry.kind === 'address') {
      if (entry.host === canonical && entry.port === port) return 'address'
    } else if (!literal && port === PUSH_SERVICE_PORT) {
      if (entry.kind === 'name' ? canonical === entry.name : canonical.endsWith(`.${entry.suffix}`)) return 'name'
    }
  }
  return null
}
