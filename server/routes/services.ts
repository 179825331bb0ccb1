import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { ServiceCategory } from '../domain/shared/categories.ts'
import { SERVICE_LANGUAGES, serviceProblems, type ServiceInput } from '../domain/services/rules.ts'
import { PublicServiceList, type ServiceListBody } from '../domain/services/public-list.ts'
import { deleteService, listServicesForAdmin, storeService } from '../domain/services/services.ts'
import { badRequest } from '../errors.ts'
import { answerFromMemory } from '../http/memory-answer.ts'
import { compressedRepresentation } from '../http/representation.ts'
import { StaticFile } from '../http/static-files.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody, Nullable } from '../schemas/common.ts'
import { AdminServiceSchema, ServiceSchema } from '../schemas/service.ts'

/** Public data that changes rarely: browsers may reuse it for a minute, then revalidate with the ETag. */
const CACHE_CONTROL = 'public, max-age=60, must-revalidate'
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The public list is answered as the app's files are (server/http/memory-answer.ts): no security-headers hook (its
 * prebuilt headers carry them), no compression on the fly (its copies are made once per version), no body to
 * decompress. Its schema stays for the API reference; the answer is sent as prebuilt bytes (Fastify sends a Buffer
 * as it is), not through the schema's serializer. Every answer is still counted by the metrics and logged
 * (docs/operating.md, "Access log": a 304 at debug).
 */
const PUBLIC_LIST_ROUTE = { compress: false, decompress: false, config: { securityHeaders: false } } as const

/** A field an admin may leave out or send as null. */
const Omissible = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema))
const ServiceBody = Type.Object(
  {
    external_id: Omissible(Type.String({ maxLength: 200 })),
    category: Type.String({ maxLength: 50 }),
    latitude: Type.Number(),
    longitude: Type.Number(),
    logo_url: Omissible(Type.String({ maxLength: 2000 })),
    address: Omissible(Type.String({ maxLength: 500 })),
    phone: Omissible(Type.String({ maxLength: 50 })),
    certified: Type.Optional(Type.Boolean()),
    // The rule (OPENING_HOURS_MAX, the syntax) answers with a clear message: the schema only bounds the body.
    opening_hours: Omissible(
      Type.String({
        maxLength: 2000,
        description: "OpenStreetMap's opening_hours syntax (docs/services.md#opening-hours); null or empty: unknown.",
      }),
    ),
    localizations: Type.Array(
      Type.Object({
        language: Type.Union(SERVICE_LANGUAGES.map((language) => Type.Literal(language))),
        name: Type.String({ minLength: 1, maxLength: 200 }),
        description: Omissible(Type.String({ maxLength: 5000 })),
        url: Omissible(Type.String({ maxLength: 2000 })),
      }),
      { maxItems: 3 },
    ),
  },
  {
    examples: [
      {
        category: 'shop',
        latitude: 60.1699,
        longitude: 24.9384,
        logo_url: null,
        address: 'Mannerheimintie 5, 00100 Helsinki',
        phone: '+358 9 1234 5678',
        certified: true,
        opening_hours: 'Mo-Fr 10:00-18:00; Sa 10:00-15:00; PH off',
        localizations: [
          { language: 'fi', name: 'Pyöräkorjaamo Keskusta', description: 'Korjaukset ja varaosat', url: null },
        ],
      },
    ],
  },
)
/** After a committed change: every instance tells its connected apps to reload the service map. */
const SERVICES_CHANGED = { type: 'services' } as const

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
    opening_hours: body.opening_hours?.trim() || null,
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
  const publicList = new PublicServiceList(app.sql)
  app.events.onMessage((message) => {
    if (message.type === 'services') publicList.invalidate()
  })
  app.events.onResync(() => publicList.invalidate())
  const list = {
    tags: ['services'],
    summary: 'Every service on the map',
    description:
      'Public. Cached for a minute, then revalidated: send the ETag back as If-None-Match for a 304 without a body.',
    headers: Type.Object({
      'if-none-match': Type.Optional(Type.String({ examples: ['"3q2-7wEjZb1ocF0nLwzT3hBg2pJm4QKEq8rVXk9d"'] })),
    }),
    response: {
      200: Type.Array(ServiceSchema, { description: 'The services, by id.' }),
      304: NoBody('Not modified: the ETag sent in If-None-Match is still current.'),
      '5xx': ErrorAnswers['5xx'],
    },
  }
  // The list's answers, built once per version of it (its ETag): its brotli and gzip copies, made off the event
  // loop, and the headers of each answer, security headers included, as the app's files have theirs
  // (docs/adr/0011-static-files-from-memory.md). A request then costs a lookup and a write.
  const listHeaders = { cacheControl: CACHE_CONTROL, common: app.securityHeaders }
  let answers: { etag: string; file: Promise<StaticFile> } | undefined
  const answersOf = ({ body, etag }: ServiceListBody): Promise<StaticFile> => {
    if (answers?.etag !== etag) {
      const file = compressedRepresentation(Buffer.from(body), etag).then(
        (representation) => new StaticFile('/api/services', representation, JSON_TYPE, listHeaders),
      )
      answers = { etag, file }
      // A failed compression is not kept: the next request tries again.
      file.catch(() => {
        if (answers?.file === file) answers = undefined
      })
    }
    return answers.file
  }
  // The answers of the list `publicList` holds now: while it holds the same one, a request is answered without
  // waiting on a promise.
  let current: { list: Promise<ServiceListBody>; file: StaticFile } | undefined
  app.get('/api/services', { schema: list, ...PUBLIC_LIST_ROUTE }, (request, reply) => {
    const held = publicList.get()
    if (current?.list === held) {
      answerFromMemory(current.file, request, reply)
      return
    }
    // The answer is sent before the promise resolves (with nothing): Fastify then leaves it as it is.
    return held.then(answersOf).then((file) => {
      current = { list: held, file }
      answerFromMemory(file, request, reply)
    })
  })

  const admin = { onRequest: [app.authenticate, app.requireAdmin] }
  const adminDocs = (summary: string) => ({ tags: ['services', 'admin'], summary, security: BEARER_AUTH })
  const Saved = Type.Object({ service_id: Type.Integer() })

  app.get(
    '/api/admin/services',
    {
      ...admin,
      schema: {
        ...adminDocs('Every service as an admin edits it'),
        description:
          "The public list plus each service's `external_id` (the id an import matches it by), which a replacement " +
          'must send back to keep it. Not cached.',
        response: { 200: Type.Array(AdminServiceSchema, { description: 'The services, by id.' }), ...ErrorAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return listServicesForAdmin(app.sql)
    },
  )

  app.post(
    '/api/services',
    {
      ...admin,
      schema: {
        ...adminDocs('Add a service'),
        description: 'An `external_id` another service already has is a 409: this never replaces another service.',
        body: ServiceBody,
        response: { 201: Saved, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const { serviceId } = await storeService(app.sql, toInput(request.body), 'new')
      await app.events.publish(SERVICES_CHANGED)
      return reply.code(201).send({ service_id: serviceId })
    },
  )

  app.put(
    '/api/services/:id',
    {
      ...admin,
      schema: {
        ...adminDocs('Replace a service'),
        params: ServiceParams,
        body: ServiceBody,
        response: { 200: Saved, ...ErrorAnswers },
      },
    },
    async (request) => {
      const { serviceId } = await storeService(app.sql, toInput(request.body), request.params.id)
      await app.events.publish(SERVICES_CHANGED)
      return { service_id: serviceId }
    },
  )

  app.delete(
    '/api/services/:id',
    {
      ...admin,
      schema: {
        ...adminDocs('Delete a service'),
        params: ServiceParams,
        response: { 204: NoBody('The service is deleted.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await deleteService(app.sql, request.params.id)
      await app.events.publish(SERVICES_CHANGED)
      return reply.code(204).send(null)
    },
  )
}

export default serviceRoutes
