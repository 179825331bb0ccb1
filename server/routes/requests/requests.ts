import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import type { Config } from '../../config.ts'
import { openRequest, requestChanges } from '../../domain/requests/change.ts'
import { checkCategory, checkDescription, checkRequestLocation, flag } from '../../domain/requests/rules.ts'
import { listChanges, listNearby, listPage, PAGE_SIZE, SYNC_CURSOR_KEY_PURPOSE } from '../../domain/requests/list.ts'
import { REQUEST_ERRORS } from '../../domain/requests/errors.ts'
import { requestFor } from '../../domain/requests/requests.ts'
import { requireFilled } from '../../domain/accounts/rules.ts'
import { badRequest } from '../../errors.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { IdempotencyHeaders, ONCE_PER_KEY } from '../../schemas/idempotency.ts'
import {
  CreateRequestBody,
  DescriptionBody,
  ListChanges,
  ListQuery,
  RemoveHelperBody,
  RequestJsonSchema,
  RequestLocationBody,
  RequestParams,
  SetReadyBody,
} from '../../schemas/request.ts'
import type { RequestRow } from '../../domain/requests/rows.ts'

const One = { 200: RequestJsonSchema, ...ErrorAnswers }
/** Every request route needs a login (the onRequest hook below). */
const documented = (summary: string, description?: string) => ({
  tags: ['requests'],
  summary,
  ...(description ? { description } : {}),
  security: BEARER_AUTH,
})

/** The request calls (docs/product.md#help-requests). Every change answers the request as the caller now sees it. */
const requestRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', app.authenticate)
  const cursorKey = app.deriveKey(SYNC_CURSOR_KEY_PURPOSE)

  const limits = { reachKm: config.PHONE_REACH_KM, revealsPerDay: config.PHONE_REVEALS_PER_DAY }
  const context = { events: app.events, push: app.push, limits }
  const changes = requestChanges(context)

  app.get(
    '/api/requests',
    {
      schema: {
        ...documented(
          'The requests the user may see',
          "Without parameters, the nearby list: the user's own requests, those they help, those without a location, " +
            'and the rest within their radius of their stored location (admins: all, test requests too); completed ' +
            'ones for REQUEST_HISTORY_DAYS. `all=1` (show-all) pages through every request the user may see, newest ' +
            `first, ${PAGE_SIZE} at a time: \`X-Next-Cursor\` names the next page (\`before=\`). Every answer has an ` +
            '`X-Sync-Cursor`: sent back as `since=` (with the same `all`), the answer is an object with only what ' +
            'changed since: requests to show as they are now and ids to drop. Phone numbers only between the owner ' +
            'and the helper: open one request for more.',
        ),
        querystring: ListQuery,
        response: {
          200: Type.Union([Type.Array(RequestJsonSchema), ListChanges], {
            description: 'An array of requests; with `since`, the changes since that cursor.',
            headers: {
              'x-sync-cursor': Type.String({ description: 'Send back as `since` for the changes after this answer.' }),
              'x-next-cursor': Type.String({
                description: 'With `all=1`: send back as `before` for the next page; absent after the last one.',
              }),
            },
          }),
          ...ErrorAnswers,
        },
      },
    },
    async (request, typedReply) => {
      const viewer = request.currentUser
      const { all, before, since } = request.query
      const mode = all === '1' ? 'all' : 'nearby'
      if (before !== undefined && (mode !== 'all' || since !== undefined)) throw badRequest(REQUEST_ERRORS.badCursor)
      const days = config.REQUEST_HISTORY_DAYS
      const shape = (rows: RequestRow[]) => rows.map((row) => requestFor(row, viewer, 'list'))
      // Serialised here with JSON.stringify, several times faster than the schema's serializer on long lists
      // (bench/list-serialise.ts); the schema above still documents the answer. Fastify sends a string as it is.
      const reply = (typedReply as FastifyReply).type('application/json; charset=utf-8')
      if (since !== undefined) {
        const changes = await listChanges(app.sql, viewer, days, mode, since, cursorKey)
        reply.header('x-sync-cursor', changes.syncCursor)
        return reply.send(JSON.stringify({ requests: shape(changes.rows), removed: changes.removed }))
      }
      const list =
        mode === 'all'
          ? await listPage(app.sql, viewer, days, before, cursorKey)
          : await listNearby(app.sql, viewer, days, cursorKey)
      reply.header('x-sync-cursor', list.syncCursor)
      if ('nextCursor' in list && list.nextCursor) reply.header('x-next-cursor', list.nextCursor)
      return reply.send(JSON.stringify(shape(list.rows)))
    },
  )

  app.get(
    '/api/requests/:id',
    { schema: { ...documented('One request'), params: RequestParams, response: One } },
    async (request) => openRequest(app.sql, request.currentUser, request.params.id, limits),
  )

  app.post(
    '/api/requests',
    {
      schema: {
        ...documented(
          'Ask for help',
          'Helpers within reach hear of it (live event and push). At most 2 open requests. ' + ONCE_PER_KEY,
        ),
        headers: IdempotencyHeaders,
        body: CreateRequestBody,
        response: { 201: RequestJsonSchema, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const body = request.body
      requireFilled(body.category, body.isApproximate)
      const isApproximate = flag(body.isApproximate)
      const input = {
        category: checkCategory(body.category),
        description: checkDescription(body.description),
        ...checkRequestLocation(body.latitude, body.longitude, isApproximate),
        isTest: flag(body.isTest),
        phoneOnlyToHelper: flag(body.phoneOnlyToHelper),
      }
      // Sent again with its key after a lost answer, it creates nothing new (docs/requests.md, "Sent once").
      return app.answerOnce(request, reply, 201, (transaction) =>
        requestChanges({ ...context, events: { transaction } }).create(request.currentUser, input),
      )
    },
  )

  app.put(
    '/api/requests/:id',
    {
      schema: {
        ...documented('Edit the description (owner)'),
        params: RequestParams,
        body: DescriptionBody,
        response: One,
      },
    },
    async (request) => {
      const description = checkDescription(request.body.description)
      return changes.editDescription(request.currentUser, request.params.id, description)
    },
  )

  app.put(
    '/api/requests/:id/location',
    {
      schema: {
        ...documented(
          'Move the request (owner)',
          'At most one move per 10 s per request (429 with Retry-After). The distance the owner is told of the ' +
            'helper is kept from the take-over: a move does not change it.',
        ),
        params: RequestParams,
        body: RequestLocationBody,
        response: One,
      },
    },
    async (request) => {
      const { latitude, longitude, isApproximate } = request.body
      const place = checkRequestLocation(latitude, longitude, flag(isApproximate))
      return changes.move(request.currentUser, request.params.id, place)
    },
  )

  app.put(
    '/api/requests/:id/add-view',
    { schema: { ...documented('Count a view of the request'), params: RequestParams, response: One } },
    async (request) => changes.addView(request.currentUser, request.params.id),
  )

  app.put(
    '/api/requests/:id/addresponder',
    {
      schema: {
        ...documented('Offer help: become the helper', 'Only one helper at a time; the owner sees their phone number.'),
        params: RequestParams,
        response: One,
      },
    },
    async (request) => changes.takeOver(request.currentUser, request.params.id),
  )

  app.put(
    '/api/requests/:id/removeresponder',
    {
      schema: {
        ...documented('Remove the helper (owner) or withdraw the offer (helper)'),
        params: RequestParams,
        body: RemoveHelperBody,
        response: One,
      },
    },
    async (request) => changes.removeHelper(request.currentUser, request.params.id, request.body.removedBy),
  )

  app.put(
    '/api/requests/:id/setready',
    {
      schema: {
        ...documented('Mark the request done (owner), saying whether help came'),
        params: RequestParams,
        body: SetReadyBody,
        response: One,
      },
    },
    async (request) => changes.setReady(request.currentUser, request.params.id, flag(request.body.gotHelp)),
  )

  app.delete(
    '/api/requests/:id',
    {
      schema: {
        ...documented('Delete the request (owner)'),
        params: RequestParams,
        response: { 204: NoBody('The request is deleted.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await changes.delete(request.currentUser, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default requestRoutes
