import { BlockList, isIPv4, isIPv6 } from 'node:net'

/**
 * Which IP addresses a push may never be sent to: everything that is not a public unicast address. A push endpoint
 * comes from a browser, i.e. from any user, so without this check the server would connect wherever a user points
 * it (SSRF: the database port, cloud metadata at 169.254.169.254, services on the private network).
 */
export type AddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared (carrier-grade NAT)'
  | 'link-local'
  | 'multicast'
  | 'unique local'
  | 'reserved'

/** IPv4 ranges by kind. The same ranges are refused inside IPv6 forms that carry an IPv4 address (below). */
const IPV4: Array<[AddressKind, string, number]> = [
  ['unspecified', '0.0.0.0', 8],
  ['loopback', '127.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['private', '172.16.0.0', 12],
  ['private', '192.168.0.0', 16],
  ['shared (carrier-grade NAT)', '100.64.0.0', 10],
  ['link-local', '169.254.0.0', 16],
  ['multicast', '224.0.0.0', 4],
  // Protocol assignments, 6to4 relays, benchmarking, documentation, future use and broadcast.
  ['reserved', '192.0.0.0', 24],
  ['reserved', '192.0.2.0', 24],
  ['reserved', '192.88.99.0', 24],
  ['reserved', '198.18.0.0', 15],
  ['reserved', '198.51.100.0', 24],
  ['reserved', '203.0.113.0', 24],
  ['reserved', '240.0.0.0', 4],
]

const IPV6: Array<[AddressKind, string, number]> = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  // Deprecated IPv4-compatible and IPv4-translated forms: no push service uses them.
  ['reserved', '::', 96],
  ['reserved', '::ffff:0:0:0', 96],
  ['private', '64:ff9b:1::', 48],
  ['reserved', '100::', 64],
  // IETF protocol assignments (Teredo, benchmarking, ORCHID...) and documentation.
  ['reserved', '2001::', 23],
  ['reserved', '2001:db8::', 32],
  ['reserved', '3fff::', 20],
  ['reserved', '5f00::', 16],
  ['unique local', 'fc00::', 7],
  ['private', 'fec0::', 10],
  ['link-local', 'fe80::', 10],
  ['multicast', 'ff00::', 8],
]

/** 6to4 (2002::/16) carries the IPv4 address in bits 16-47: 2002:AABB:CCDD::. */
function sixToFour(address: string, prefix: number): [string, number] {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number]
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16)
  return [`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix]
}

const lists = new Map<AddressKind, BlockList>()
function list(kind: AddressKind): BlockList {
  let found = lists.get(kind)
  if (!found) lists.set(kind, (found = new BlockList()))
  return found
}
// Unspecified and loopback first, so that :: and ::1 are named as such rather than as deprecated forms.
for (const [kind, address, prefix] of IPV6.slice(0, 2)) list(kind).addSubnet(address, prefix, 'ipv6')
for (const [kind, address, prefix] of IPV4) {
  // BlockList matches IPv4 rules against IPv4-mapped IPv6 (::ffff:a.b.c.d) by itself.
  list(kind).addSubnet(address, prefix, 'ipv4')
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds, so a private one stays private.
  list(kind).addSubnet(`64:ff9b::${address}`, 96 + prefix, 'ipv6')
  const [sixToFourAddress, sixToFourPrefix] = sixToFour(address, prefix)
  list(kind).addSubnet(sixToFourAddress, sixToFourPrefix, 'ipv6')
}
for (const [kind, address, prefix] of IPV6.slice(2)) list(kind).addSubnet(address, prefix, 'ipv6')

/** Why this address must not be connected to, or null for a public unicast address (or something that is no IP). */
export function nonPublicKind(address: string): AddressKind | null {
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null
  if (!family) return null
  for (const [kind, blocked] of lists) {
    if (blocked.check(address, family)) return kind
  }
  return null
}
