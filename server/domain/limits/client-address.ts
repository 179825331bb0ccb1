import { isIPv6 } from 'node:net'

/**
 * The key a per-address limit counts under. An IPv6 subscriber gets a whole /64 (often far more), so counting each
 * IPv6 address separately would give one attacker 2^64 fresh budgets: IPv6 addresses count by their /64 prefix.
 * IPv4 (also IPv4-mapped IPv6, as Node reports dual-stack clients) counts per address.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'no-ip'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!isIPv6(ip)) return ip
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`
}

/** The eight hextets of an IPv6 address, `::` expanded and leading zeros dropped (zone ids ignored). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) =>
    part.toLowerCase().replace(/^0+(?=.)/, ''),
  )
}
