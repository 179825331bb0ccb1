import { createHash } from 'node:crypto'
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { ServiceCategory } from '../domain/categories.ts'
import { SERVICE_LANGUAGES, serviceProblems, type ServiceInput } from '../domain/service-rules.ts'
import { deleteService, listServices, saveService } from '../domain/services.ts'
import { badRequest } from '../errors.ts'
import { Message } from '../schemas/common.ts'

/** Public data that changes rarely: browsers may reuse it for a minute, then revalidate with the ETag. */
const CACHE_CONTROL = 'public, max-age=60, must-revalidate'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]))
const ServiceBody = Type.Object({
  external_id: Nullable(Type.String({ maxLength: 200 })),
  category: Type.String({ maxLength: 50 }),
  latitude: Type.Number(),
  longitude: Type.Number(),
  logo_url: Nullable(Type.String({ maxLength: 2000 })),
  address: Nullable(Type.String({ maxLength: 500 })),
  phone: Nullable(Type.String({ maxLength: 50 })),
  certified: Type.Optional(Type.Boolean()),
  localizations: Type.Array(
    Type.Object({
      language: Type.Union(SERVICE_LANGUAGES.map((language) => Type.Literal(language))),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      description: Nullable(Type.String({ maxLength: 5000 })),
      url: Nullable(Type.String({ maxLength: 2000 })),
    }),
    { maxItems: 3 },
  ),
})
const ServiceParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })

function toInput(body: Static<typeof ServiceBody>): ServiceInput {
  const service: ServiceInput = {
    external_id: body.external_id ?? null,
    category: body.category as ServiceCategory,
    latitude: body.latitude,
    longitude: body.longitude,
    logo_url: body.logo_url ?? null,
    address: body.address ?? null,
    phone: body.phone ?? null,
    certified: body.certified ?? false,
    localizations: body.localizations.map((l) => ({
      language: l.language,
      name: l.name,
      description: l.description ?? null,
      url: l.url ?? null,
    })),
  }
  const problems = serviceProblems(service)
  if (problems.length > 0) throw badRequest(problems.join('; '))
  return service
}

/** The public service map's data (no login needed) and the admin's edits of it. */
const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/services', async (request, reply) => {
    const body = JSON.stringify(await listServices(app.sql))
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL)
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type('application/json; charset=utf-8').send(body)
  })

  const admin = { preHandler: [app.authenticate, app.requireAdmin] }
  const Saved = Type.Object({ service_id: Type.Integer() })

  app.post(
    '/api/services',
    { ...admin, schema: { body: ServiceBody, response: { 201: Saved, '4xx': Message } } },
    async (request, reply) => {
      const { serviceId } = await app.sql.begin((tx) => saveService(tx, toInput(request.body)))
      return reply.code(201).send({ service_id: serviceId })
    },
  )

  app.put(
    '/api/services/:id',
    { ...admin, schema: { params: ServiceParams, body: ServiceBody, response: { 200: Saved, '4xx': Message } } },
    async (request) => {
      const { serviceId } = await app.sql.begin((tx) => saveService(tx, toInput(request.body), request.params.id))
      return { service_id: serviceId }
    },
  )

  app.delete(
    '/api/services/:id',
    { ...admin, schema: { params: ServiceParams, response: { 204: Type.Null(), '4xx': Message } } },
    async (request, reply) => {
      await deleteService(app.sql, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default serviceRoutes
