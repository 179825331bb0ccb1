import { createHmac } from 'node:crypto'

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Builds a JWT by hand, so tests can make the tokens an attacker or a clock would: expired, unsigned, re-signed. */
export function craftJwt(payload: object, options: { secret?: string; alg?: 'HS256' | 'none' } = {}): string {
  const alg = options.alg ?? 'HS256'
  const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode(payload)}`
  if (alg === 'none') return `${unsigned}.`
  return `${unsigned}.${createHmac('sha256', options.secret ?? '')
    .update(unsigned)
    .digest('base64url')}`
}

const decodePart = (token: string, index: number) =>
  JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString()) as Record<string, unknown>

export function decodeJwt<T = Record<string, unknown>>(token: string): T {
  return decodePart(token, 1) as T
}

export function decodeJwtHeader(token: string): { alg: string; typ?: string } {
  return decodePart(token, 0) as { alg: string }
}
