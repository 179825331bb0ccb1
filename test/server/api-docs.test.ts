import SwaggerParser from '@apidevtools/swagger-parser'
import t, { type Test } from 'tap'
import type { OpenAPIV3_1 } from 'openapi-types'
import { contentSecurityPolicy, docsContentSecurityPolicy } from '../../server/plugins/security-headers.ts'
import { buildServer } from '../../server/server.ts'
import { createTestDatabase, testConfig } from '../helper.ts'

type Operation = OpenAPIV3_1.OperationObject
type Document = OpenAPIV3_1.Document

/** Routes that are not part of the API: the document itself and the reference page's files. */
const isDocsRoute = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/')

/** Fastify's `/api/requests/:id` as OpenAPI writes it: `/api/requests/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

const METRICS_TOKEN = 'metrics-token-for-the-docs-test'

/** The app exactly as production builds it, with every route it registers recorded as it is added. */
async function appWithRoutes(t: Test) {
  const config = testConfig(t, { DATABASE_URL: await createTestDatabase(t), METRICS_TOKEN })
  const app = buildServer(config)
  const routes: { method: string; url: string; hidden: boolean }[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, hidden: route.schema?.hide === true })
  })
  t.teardown(() => app.close())
  await app.ready()
  return { app, routes }
}

t.test('the OpenAPI document is valid 3.1 and documents every route the app registers', async (t) => {
  const { app, routes } = await appWithRoutes(t)
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  t.equal(answer.statusCode, 200)
  t.match(answer.headers['content-type'], /^application\/json/)
  const document = answer.json<Document>()
  t.equal(document.openapi, '3.1.0')
  // validate() dereferences the document it is given: hand it a copy, keep ours as served.
  await t.resolves(SwaggerParser.validate(structuredClone(document) as never), 'swagger-parser finds it valid')

  const api = routes.filter((route) => route.method !== 'HEAD' && !isDocsRoute(route.url) && !route.hidden)
  t.ok(api.length >= 30, `the app registers its routes (${api.length} seen)`)
  const hiddenApi = routes.filter((route) => route.hidden && route.url.startsWith('/api/') && !isDocsRoute(route.url))
  t.same(hiddenApi, [], 'no API route is hidden from the document')

  for (const { method, url } of api) {
    const operation = document.paths?.[openApiPath(url)]?.[method.toLowerCase() as 'get'] as Operation | undefined
    t.ok(operation, `${method} ${url} is documented`)
    if (!operation) continue
    const where = `${method} ${url}`
    t.ok(operation.summary, `${where} has a summary`)
    t.ok(operation.tags?.length, `${where} has a tag`)
    const statuses = Object.keys(operation.responses ?? {})
    // A route without a response schema gets @fastify/swagger's placeholder: no content, 'Default Response'.
    for (const status of statuses) {
      const response = operation.responses?.[status] as OpenAPIV3_1.ResponseObject
      t.ok(response.content || response.description !== 'Default Response', `${where} ${status} has a schema`)
    }
    // 101: the WebSocket upgrade of /api/events is its success.
    t.ok(
      statuses.some((status) => /^(101|[23]\d\d|[23]XX)$/i.test(status)),
      `${where} documents a success answer (${statuses.join(', ')})`,
    )
    const required = operation.parameters?.some((p) => (p as OpenAPIV3_1.ParameterObject).required)
    const canFail = Boolean(required || operation.requestBody || operation.security?.length)
    if (canFail)
      t.ok(
        statuses.some((status) => /^4/.test(status)),
        `${where} documents its 4xx answers`,
      )
  }
})

t.test('operations that refuse a caller without credentials say which credentials they take', async (t) => {
  const { app, routes } = await appWithRoutes(t)
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>()
  const schemes = Object.keys(document.components?.securitySchemes ?? {})
  t.same(schemes.sort(), ['bearerAuth', 'metricsToken', 'refreshCookie'])

  let refused = 0
  for (const { method, url } of routes) {
    if (method === 'HEAD' || isDocsRoute(url) || url === '/api/events' || !url.startsWith('/')) continue
    const operation = document.paths?.[openApiPath(url)]?.[method.toLowerCase() as 'get'] as Operation | undefined
    if (!operation) continue
    // The documented example passes validation, so the answer is the route's own check of who is asking.
    const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json']
    const examples = body?.examples as Record<string, { value: unknown }> | undefined
    const example: unknown = body?.example ?? Object.values(examples ?? {})[0]?.value
    const query = operation.parameters
      ?.map((p) => p as OpenAPIV3_1.ParameterObject)
      .filter((p) => p.in === 'query')
      .map((p) => `${p.name}=${encodeURIComponent((p.schema as { examples?: string[] }).examples?.[0] ?? '')}`)
      .join('&')
    const path = url.replace(/:[A-Za-z0-9_]+/g, '1') + (query ? `?${query}` : '')
    const answer = await app.inject({
      method: method as 'GET',
      url: path,
      ...(example === undefined ? {} : { payload: example as object }),
    })
    const anonymousAllowed = !operation.security || operation.security.some((s) => Object.keys(s).length === 0)
    if (answer.statusCode === 401 && answer.json<{ message: string }>().message === 'Unauthorized') {
      refused += 1
      t.notOk(anonymousAllowed, `${method} ${url} refuses an anonymous caller and documents its security`)
    }
  }
  t.ok(refused >= 20, `most of the API needs a login (${refused} routes refused an anonymous caller)`)
})

t.test('/api/docs is the reference page, under its own CSP; the app keeps the strict one', async (t) => {
  const { app } = await appWithRoutes(t)
  const page = await app.inject({ method: 'GET', url: '/api/docs/' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /^text\/html/)
  t.match(page.body, /swagger-ui-bundle\.js/)
  t.equal(page.headers['content-security-policy'], docsContentSecurityPolicy())
  const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })
  t.equal(script.statusCode, 200)
  t.equal(script.headers['content-security-policy'], docsContentSecurityPolicy())

  const strict = contentSecurityPolicy(testConfig(t).TILE_URL)
  t.not(strict, docsContentSecurityPolicy())
  for (const url of ['/', '/api/config', '/api/openapi.json']) {
    const answer = await app.inject({ method: 'GET', url })
    t.equal(answer.headers['content-security-policy'], strict, `${url} keeps the app's CSP`)
  }
})
