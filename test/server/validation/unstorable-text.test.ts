import { connect } from 'node:net'
import t from 'tap'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { compileSerializerNow } from '../../../server/serialization.ts'
import { buildServer } from '../../../server/server.ts'
import { compileValidatorNow, INVALID_CHARACTERS_MESSAGE, validatorCompiler } from '../../../server/validation.ts'
import { createTestDatabase, tempDir, testConfig } from '../../helper.ts'
import { bearer, clientAddress } from '../../accounts.ts'
import { openEvents } from '../../event-client.ts'
import { signedInUser } from '../../signed-in.ts'

/** What PostgreSQL refused with error 22021, a 500 before every input was checked for it. */
const NUL = 'ab\u0000c'
const INVALID = { message: INVALID_CHARACTERS_MESSAGE }

type Schema = Record<string, unknown> & {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
}
type Part = 'body' | 'querystring' | 'params'
interface Route {
  method: string
  url: string
  schema: Partial<Record<Part | 'headers', Schema>> & { response?: Record<string, Schema> }
}

/** The real app, with every route and its schema recorded as it is registered (the hook must precede the routes). */
async function appWithRoutes(t: Parameters<typeof createTestDatabase>[0]) {
  const dataDir = tempDir(t)
  const app: FastifyInstance = buildServer(
    testConfig(t, { DATABASE_URL: await createTestDatabase(t), DATA_DIR: dataDir }),
  )
  const routes: Route[] = []
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's automatic twin of a GET: the same schema, and an answer without a body to read.
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Route['schema'] })
    }
  })
  t.teardown(() => app.close())
  await app.ready()
  return { app, routes, dataDir }
}

/** Strings that fit the patterns our schemas use; the first that fits a field's limits is its valid-looking value. */
const STRING_SAMPLES = [
  'https://push.example.org/send/abc123',
  '0401234567',
  'abcdef',
  'a',
  // A push's receipt token (server/schemas/push-receipts.ts).
  '7d3f1a52-9c1e-4f0b-8a44-2b6f0d9e1c35',
]

const branches = (schema: Schema) => schema.anyOf ?? schema.oneOf
const hasType = (schema: Schema, type: string) => [schema.type].flat().includes(type)

/** A value the schema accepts, with only the required properties (the first branch of a union). */
function sample(schema: Schema): unknown {
  if ('default' in schema) return schema.default
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  const union = branches(schema)
  if (union?.[0]) return sample(union[0])
  if (hasType(schema, 'object')) {
    const properties = schema.properties ?? {}
    return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(properties[key] ?? {})]))
  }
  if (hasType(schema, 'array'))
    return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(schema.items ?? {}))
  if (hasType(schema, 'string')) {
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined
    const fits = (s: string) =>
      (!pattern || pattern.test(s)) &&
      s.length >= Number(schema.minLength ?? 0) &&
      s.length <= Number(schema.maxLength ?? Infinity)
    return STRING_SAMPLES.find(fits) ?? 'x'.repeat(Number(schema.minLength ?? 1))
  }
  if (hasType(schema, 'integer') || hasType(schema, 'number')) {
    const low = Number(schema.minimum ?? schema.exclusiveMinimum ?? 1)
    const high = Number(schema.maximum ?? schema.exclusiveMaximum ?? low + 2)
    return Math.round((low + high) / 2)
  }
  if (hasType(schema, 'boolean')) return false
  return null
}

/**
 * One valid-looking value per string field (nested objects, arrays and every branch of a union walked) with
 * that field set to `bad`, named by its path.
 */
function withBadString(schema: Schema, bad: string, path = ''): Array<{ field: string; value: unknown }> {
  const union = branches(schema)
  if (union) return union.flatMap((branch) => withBadString(branch, bad, path))
  if (hasType(schema, 'string')) return [{ field: path, value: bad }]
  if (hasType(schema, 'object')) {
    const base = sample(schema) as Record<string, unknown>
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
      withBadString(property, bad, path ? `${path}.${key}` : key).map(({ field, value }) => ({
        field,
        value: { ...base, [key]: value },
      })),
    )
  }
  if (hasType(schema, 'array') && schema.items) {
    return withBadString(schema.items, bad, `${path}[]`).map(({ field, value }) => ({ field, value: [value] }))
  }
  return []
}

const asText = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))

/** Every (route, part, field) with a NUL in that field and valid-looking values everywhere else. */
function cases(routes: Route[]) {
  return routes.flatMap((route) => {
    const valid = Object.fromEntries(
      (['body', 'querystring', 'params'] as const).map((part) => [
        part,
        route.schema[part] ? sample(route.schema[part]) : undefined,
      ]),
    ) as Record<Part, unknown>
    return (['body', 'querystring', 'params'] as const).flatMap((part) => {
      const seen = new Set<string>()
      return withBadString(route.schema[part] ?? {}, NUL)
        .filter(({ field }) => !seen.has(field) && Boolean(seen.add(field)))
        .map(({ field, value }) => ({ route, part, field, input: { ...valid, [part]: value }, valid }))
    })
  })
}

function request(route: Route, input: Record<Part, unknown>, token: string) {
  const params = (input.params ?? {}) as Record<string, unknown>
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])))
  const query = input.querystring
    ? `?${new URLSearchParams(asText(input.querystring as Record<string, unknown>)).toString()}`
    : ''
  return {
    method: route.method as 'GET',
    url: path + query,
    ...(input.body === undefined ? {} : { payload: input.body as object }),
    // An admin's: the credential is checked before the input (docs/security.md, "Credentials before input").
    headers: bearer(token),
    // Each its own address, so the per-address limits of the account endpoints stay out of the way.
    remoteAddress: clientAddress(),
  }
}

t.test(
  'every route schema compiles (validators are compiled on first use, so a bad schema must fail here)',
  async (t) => {
    const { routes } = await appWithRoutes(t)
    let parts = 0
    for (const route of routes) {
      for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
        const schema = route.schema[part]
        if (!schema) continue
        parts++
        t.doesNotThrow(() => compileValidatorNow(schema, part), `${route.method} ${route.url} ${part}`)
      }
    }
    t.ok(parts > 20, `${parts} schemas compiled`)
    let answers = 0
    for (const route of routes) {
      for (const [status, schema] of Object.entries(route.schema.response ?? {})) {
        answers++
        t.doesNotThrow(() => compileSerializerNow(schema), `${route.method} ${route.url} ${status} serializer`)
      }
    }
    t.ok(answers > 20, `${answers} response serializers built`)
  },
)

t.test('a NUL in any string field of any route is 400 "Contains invalid characters", never 500', async (t) => {
  const { app, routes } = await appWithRoutes(t)
  const table = cases(routes)

  // The other fields must really be valid, or a 400 could come from them and prove nothing about the NUL.
  for (const { route, part, valid } of table) {
    const schema = route.schema[part]!
    const check = validatorCompiler({ schema, method: route.method, url: route.url, httpPart: part })
    const value = part === 'body' ? valid[part] : asText(valid[part] as Record<string, unknown>)
    t.equal(check(structuredClone(value)), true, `a valid-looking ${part} of ${route.method} ${route.url}`)
  }

  const names = table.map(({ route, part, field }) => `${route.method} ${route.url} ${part}.${field}`)
  t.comment(`${table.length} (route, field) cases:\n${names.join('\n')}`)
  for (const known of [
    'POST /api/user/login body.identifier',
    'POST /api/subscriptions/subscribe body.endpoint',
    'POST /api/subscriptions/subscribe body.keys.p256dh',
    'POST /api/subscriptions/subscribe body.subscription.keys.p256dh',
    'GET /api/subscriptions/check-subscription querystring.endpoint',
    'POST /api/subscriptions/unsubscribe body.endpoint',
    'PUT /api/user/:phone/newpassword params.phone',
  ]) {
    t.ok(names.includes(known), `the table covers ${known}`)
  }
  t.ok(table.length >= 30, 'and every other string field of every route')

  const admin = await signedInUser(app, { user_name: 'NulAdmin', isAdmin: true })
  for (const { route, part, field, input } of table) {
    const response = await app.inject(request(route, input, admin.token))
    t.same(
      { status: response.statusCode, body: response.json<unknown>() },
      { status: 400, body: INVALID },
      `${route.method} ${route.url} ${part}.${field}`,
    )
  }
})

t.test('what else the validation layer refuses, and what it still lets through', async (t) => {
  const { app } = await appWithRoutes(t)
  const remoteAddress = clientAddress()
  const login = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload,
      headers: { 'content-type': 'application/json' },
      remoteAddress,
    })

  // postgres.js would store U+FFFD in place of a lone surrogate: what was sent would silently not be what is kept.
  const lone = await login('{"identifier":"ab\\ud800c","password":"secret1"}')
  t.same([lone.statusCode, lone.json()], [400, INVALID], 'a lone surrogate, sent as a JSON escape')
  const paired = await login('{"identifier":"ab\\ud83d\\udeb2c","password":"secret1"}')
  t.same(
    [paired.statusCode, paired.json()],
    [401, { message: 'Invalid username or password' }],
    'a surrogate pair (🚲) is text',
  )
  const key = await login('{"identifier":"someone","password":"secret1","x\\u0000":1}')
  t.same([key.statusCode, key.json()], [400, INVALID], 'a NUL in a key, even of a field no route reads')

  // A 64 KiB body nests 30,000 deep: the check must not overflow the stack (that would be a 500).
  const deep = await login(`{"identifier":${'['.repeat(30000)}${']'.repeat(30000)},"password":"secret1"}`)
  t.same(
    [deep.statusCode, deep.json<{ message: string }>().message],
    [400, 'Bad request'],
    'deep nesting is an ordinary bad request',
  )

  // The other validation errors keep their answers.
  const missing = await login('{"identifier":"someone"}')
  t.same([missing.statusCode, missing.json<{ message: string }>().message], [400, 'Please fill in all fields'])
  const wrongType = await login('{"identifier":5,"password":"secret1"}')
  t.same([wrongType.statusCode, wrongType.json<{ message: string }>().message], [400, 'Bad request'])

  const user = await signedInUser(app, { user_name: 'querying' })
  const nulQuery = await app.inject({
    method: 'GET',
    url: '/api/subscriptions/check-subscription?endpoint=%00',
    headers: bearer(user.token),
  })
  t.same([nulQuery.statusCode, nulQuery.json()], [400, INVALID], 'the query string of the issue')
  const fine = await app.inject({
    method: 'GET',
    url: '/api/subscriptions/check-subscription?endpoint=https%3A%2F%2Fp',
    headers: bearer(user.token),
  })
  t.same([fine.statusCode, fine.json()], [200, { isSubscribed: false, lastReachedAt: null }])
})

t.test('text outside the route schemas cannot make a 500 either', async (t) => {
  const { app } = await appWithRoutes(t)
  const user = await signedInUser(app, { user_name: 'nulcheck' })

  // Tokens are checked by signature (access) or by hash (refresh) before any lookup, so NUL never reaches a query.
  const header = await app.inject({
    method: 'GET',
    url: '/api/user/protected-route',
    headers: { authorization: `Bearer ${NUL}` },
  })
  t.equal(header.statusCode, 401, 'an access token with a NUL')
  const cookie = await app.inject({
    method: 'POST',
    url: '/api/user/refresh-token',
    payload: {},
    cookies: { refresh_token: NUL },
  })
  t.equal(cookie.statusCode, 401, 'a refresh cookie with a NUL')
  const logout = await app.inject({
    method: 'POST',
    url: '/api/user/logout',
    payload: {},
    headers: { ...bearer(NUL), cookie: 'refresh_token=\ud800' },
  })
  t.equal(logout.statusCode, 204, 'logout with both broken')
  // Accept-Language only picks one of three languages.
  const language = await app.inject({
    method: 'POST',
    url: '/api/phone-verification/send',
    payload: { phone: '0401234999', purpose: 'register' },
    headers: { 'accept-language': `fi${NUL}` },
    remoteAddress: clientAddress(),
  })
  t.equal(language.statusCode, 202, 'an Accept-Language with a NUL')

  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  // Over real HTTP a NUL in a header does not even reach Fastify: Node's parser answers 400.
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.end(`GET /api/user/protected-route HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\u0000b\r\n\r\n`),
    )
    let answer = ''
    socket.on('data', (chunk) => (answer += String(chunk)))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
  t.match(raw, /^HTTP\/1\.1 400 /, 'a raw header with a NUL')

  // The event stream's auth message: refused like any bad token (4401), not a failed lookup (1011).
  for (const token of [NUL, '\ud800', `${user.token}\u0000`]) {
    const events = await openEvents(`http://127.0.0.1:${port}`, undefined)
    events.socket.send(JSON.stringify({ type: 'auth', token }))
    t.equal((await events.closed).code, 4401, `event stream auth with ${JSON.stringify(token).slice(0, 20)}`)
  }
})
