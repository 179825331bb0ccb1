import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import { join } from 'node:path'
import type { FlatCopy } from '../server/push/declarative.ts'

export interface ReceivedPush {
  id: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** When it arrived (Date.now()). */
  at: number
}

/**
 * A push service on loopback over https (as web-push insists), with a certificate made for this test run.
 * `answers` sets what a subscription's endpoint replies (201 by default; 410 = gone, 429 = slow down).
 */
export async function startPushService(dir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  const cert = readFileSync(join(dir, 'cert.pem'))
  const received: ReceivedPush[] = []
  const answers = new Map<string, { status: number; headers?: Record<string, string> }>()
  const server: Server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const id = request.url!.split('/').pop()!
      received.push({ id, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() })
      const answer = answers.get(id) ?? { status: 201 }
      response.writeHead(answer.status, answer.headers).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    origin: `https://${host}`,
    /** The PUSH_ENDPOINT_HOSTS entry that allows exactly this service (a loopback address needs address:port). */
    allowlistEntry: host,
    received,
    answers,
    /** This service's self-signed certificate, for the server's pushCa option. */
    ca: cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A browser's side of a subscription: the key pair and auth secret it would keep, and what it sends us. */
export function browserSubscription(origin: string, id: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** RFC 8291 + RFC 8188 (aes128gcm): what the browser does with a push it receives. */
export function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]!
  const serverPublic = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const shared = ecdh.computeSecret(serverPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic])
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8')
}

/** A push as the server sends every one: a Declarative Web Push message (server/push/declarative.ts). */
export interface DeclarativePush {
  web_push: number
  /** Alerts and practice alerts: the worker must run, to confirm them (docs/adr/0016-alert-receipts.md). */
  mutable?: boolean
  /** The token the worker confirms an alert with. */
  receipt?: string
  notification: {
    title: string
    body: string
    navigate: string
    tag: string
    lang: string
    silent?: boolean
  }
}

/** What a browser holding `device`'s keys reads from a received push. */
export function readPush(push: ReceivedPush, device: { ecdh: ECDH; auth: Buffer }): DeclarativePush {
  const { title, body, url, tag, silent, ...message } = JSON.parse(
    decryptPush(push.body, device.ecdh, device.auth),
  ) as DeclarativePush & Partial<FlatCopy>
  // The flat copy for workers of earlier releases must say what the declarative message says.
  const { notification } = message
  const flat = { title, body, url, tag, silent }
  const expected = {
    title: notification.title,
    body: notification.body,
    url: new URL(notification.navigate).pathname + new URL(notification.navigate).search,
    tag: notification.tag,
    silent: notification.silent,
  }
  if (JSON.stringify(flat) !== JSON.stringify(expected)) {
    throw new Error(`the flat copy ${JSON.stringify(flat)} differs from ${JSON.stringify(expected)}`)
  }
  return message
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT signed by the key it names. */
export function verifyVapid(header: string | undefined, expectedPublicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '')
  if (!match) throw new Error(`not a VAPID header: ${header}`)
  const [, jwt, key] = match as unknown as [string, string, string]
  if (key !== expectedPublicKey) throw new Error('signed with another key')
  const raw = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const [head, payload, signature] = jwt.split('.') as [string, string, string]
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('bad VAPID signature')
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string }
}
