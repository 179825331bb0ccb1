import { createHash } from 'node:crypto'
import type { FastifyRequest, FastifyServerOptions } from 'fastify'

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/**
 * What the server logs, and what it never does. Logs travel further than the database (collectors, support
 * tickets, screenshots), so secrets stay out at the source: no headers, bodies or query values are serialized,
 * phone numbers and push endpoints are masked by the helpers below, and `redact` plus a last scrub of every line
 * catch what slips through (a token or phone inside an error message).
 */

/** Digits a masked phone number keeps at its end: enough to tell two numbers of one user apart, too few to call. */
const PHONE_TAIL = 2

/**
 * `+358401234567` → `+35840*****67`: the country and operator prefix and the last digits stay (enough to follow
 * one person through the logs), the rest is hidden. Works on any string; short ones are hidden whole.
 */
export function maskPhone(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '')
  if (compact.length < 9) return '***'
  const head = compact.slice(0, Math.min(6, compact.length - 7))
  return `${head}${'*'.repeat(compact.length - head.length - PHONE_TAIL)}${compact.slice(-PHONE_TAIL)}`
}

/**
 * A push endpoint is a capability URL (its path is the browser's registration token). The log gets its origin,
 * which tells which push service misbehaves, and a short hash that finds the row:
 * `where encode(sha256(convert_to(endpoint, 'UTF8')), 'hex') like '<hash>%'`.
 */
export function maskEndpoint(endpoint: string): string {
  const hash = createHash('sha256').update(endpoint).digest('hex').slice(0, 12)
  try {
    return `${new URL(endpoint).origin}/…#${hash}`
  } catch {
    return `[not a URL]#${hash}`
  }
}

function digitCount(text: string): number {
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 48 && code <= 57) digits++
  }
  return digits
}

/** A path segment that reads as a phone number (`+358401234567`, `040 123 4567` encoded): 8 or more digits. */
const PHONE_SEGMENT = /^\+?[\d\s().-]+$/

/**
 * A path segment that reads as a secret token: 32 or more URL-safe characters in a row, e.g. a share link's
 * (`/api/shared/{token}`, `/s/{token}`: the server keeps only its hash, docs/security.md). The app's own names
 * (routes, ids, hashed file names) are shorter.
 */
const TOKEN_RUN = /[\w-]{32,}/

/**
 * The URL as logged: path segments that are phone numbers or tokens masked (`PUT /api/user/{phone}/newpassword`,
 * a share link, or any unknown path someone puts one in), and query values dropped (`?endpoint=` carries a push
 * endpoint).
 */
export function safeUrl(url: string): string {
  // Most URLs hold no query, too few digits for a phone number and no token: they go as they are, unsplit (a line
  // per request).
  if (!url.includes('?') && digitCount(url) < 8 && !TOKEN_RUN.test(url)) return url
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const masked = path
    .split('/')
    .map((segment) => {
      let decoded: string
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        return segment
      }
      const digits = decoded.replace(/\D/g, '').length
      if (PHONE_SEGMENT.test(decoded) && digits >= 8) return encodeURIComponent(maskPhone(decoded))
      return TOKEN_RUN.test(decoded) ? '…' : segment
    })
    .join('/')
  if (queryAt === -1) return masked
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()]
  return `${masked}?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}`
}

/** JWTs (access tokens, phone proofs, Firebase idTokens) and E.164 numbers inside free text, e.g. error messages. */
const JWT_IN_TEXT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g
const PHONE_IN_TEXT = /\+\d{8,15}\b/g

/** Masks tokens and phone numbers in free text (error messages and stacks, whole log lines). */
export function scrubText(text: string): string {
  return text.replace(JWT_IN_TEXT, '[jwt]').replace(PHONE_IN_TEXT, (phone) => maskPhone(phone))
}

/** Fields some libraries put on their errors that carry secrets or personal data (web-push: endpoint, body). */
const ERROR_FIELDS_DROPPED = [
  'endpoint',
  'body',
  'headers',
  'config',
  'request',
  'response',
  'options',
  'token',
  'idToken',
  // ConfigError: the refused value, which may be a secret (its message shows secrets by length only).
  'received',
]

/** Like pino's error serializer (type, message, stack, own fields, cause), with secrets dropped or masked. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubText(error) : error
  const serialized: Record<string, unknown> = {
    type: error.constructor.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
  }
  for (const [field, value] of Object.entries(error)) {
    if (ERROR_FIELDS_DROPPED.includes(field)) serialized[field] = '[redacted]'
    else if (typeof value === 'string') serialized[field] = scrubText(value)
    else if (value === null || ['number', 'boolean'].includes(typeof value)) serialized[field] = value
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1)
  return serialized
}

/** Fastify's request: method, masked URL, route and client; never headers (authorization, cookie), body or query values. */
export function serializeRequest(request: FastifyRequest): object {
  return {
    method: request.method,
    url: safeUrl(request.url),
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  }
}

/** The reply: its status only, never its headers (set-cookie carries the refresh token). */
export function serializeReply(reply: { statusCode: number }): object {
  return { statusCode: reply.statusCode }
}

/**
 * Redact paths for objects logged by hand. Serializers above already leave headers and bodies out; these catch
 * a caller that logs one of these fields directly (`log.info({ token })`) or a library's `req` object.
 */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  // Top level only: `err.code` (ECONNREFUSED, SQLSTATE) is worth keeping.
  'code',
  'cookie',
  'authorization',
  'phone',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.phone',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body',
  'req.query',
]

/** The pino options of Fastify's logger: production and tests (with their own stream) share them. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: serializeRequest as never,
      res: serializeReply as never,
      err: serializeError as never,
    },
    // The last net: a token or number that reached a message string (a library's error text) is masked.
    hooks: { streamWrite: scrubText },
  }
}
