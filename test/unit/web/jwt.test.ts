import t from 'tap'
import { decodeTokenPayload, isAdminToken, isTokenExpired } from '../../../web/src/shared/api/jwt.ts'

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (payload: unknown) => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`
const NOW = Date.UTC(2026, 5, 1, 12, 0, 0)
const nowSeconds = NOW / 1000

t.test('decodes the payload, with UTF-8 names and base64url characters', async (t) => {
  const payload = { user_id: 7, user_name: 'Pöllö_Äijä', isAdmin: false, exp: nowSeconds + 900 }
  t.same(decodeTokenPayload(jwt(payload)), payload)
  // A payload whose base64url has - and _ (bytes 0xfb/0xff): "???>" gives "Pz8_Pg".
  const tricky = { user_name: '???>~~~' }
  t.match(part(tricky), /[-_]/, 'the test payload really uses the url-safe characters')
  t.same(decodeTokenPayload(jwt(tricky)), tricky)
})

t.test('anything that is not a JWT with an object payload decodes to null', async (t) => {
  for (const token of [
    null,
    undefined,
    '',
    'abc',
    'a.b',
    'a.b.c.d',
    `x.${part([1, 2])}.y`,
    `x.${part('text')}.y`,
    `x.${part(null)}.y`,
    'x.!!!.y',
    `x..y`,
  ]) {
    t.equal(decodeTokenPayload(token), null, String(token))
  }
  const notUtf8 = Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')
  t.equal(decodeTokenPayload(`x.${notUtf8}.y`), null, 'invalid UTF-8')
})

t.test('expiry: exp in the past or within the margin counts as expired', async (t) => {
  t.equal(isTokenExpired(jwt({ exp: nowSeconds + 900 }), NOW), false, '15 minutes left')
  t.equal(isTokenExpired(jwt({ exp: nowSeconds + 11 }), NOW), false, 'just outside the 10 s margin')
  t.equal(isTokenExpired(jwt({ exp: nowSeconds + 10 }), NOW), true, 'at the margin')
  t.equal(isTokenExpired(jwt({ exp: nowSeconds }), NOW), true, 'expires now')
  t.equal(isTokenExpired(jwt({ exp: nowSeconds - 3600 }), NOW), true, 'an hour ago')
})

t.test('a token without a usable exp counts as expired', async (t) => {
  t.equal(isTokenExpired(jwt({ user_id: 1 }), NOW), true, 'no exp')
  t.equal(isTokenExpired(jwt({ exp: String(nowSeconds + 900) }), NOW), true, 'exp as a string')
  t.equal(isTokenExpired('garbage', NOW), true)
  t.equal(isTokenExpired(null, NOW), true)
})

t.test('isAdmin is true only for a literal true claim', async (t) => {
  t.equal(isAdminToken(jwt({ isAdmin: true })), true)
  t.equal(isAdminToken(jwt({ isAdmin: false })), false)
  t.equal(isAdminToken(jwt({ isAdmin: 'true' })), false)
  t.equal(isAdminToken(jwt({ isAdmin: 1 })), false)
  t.equal(isAdminToken(jwt({})), false)
  t.equal(isAdminToken(null), false)
})
