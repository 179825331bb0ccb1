import { Type } from '@sinclair/typebox'
import type { TransactionSql } from 'postgres'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import type { Config } from '../../config.ts'
import {
  addView,
  createRequest,
  deleteRequest,
  editDescription,
  updateLocation,
} from '../../domain/requests/changes.ts'
import { checkCategory, checkDescription, checkRequestLocation, flag } from '../../domain/requests/rules.ts'
import { listChanges, listNearby, listPage, PAGE_SIZE, SYNC_CURSOR_KEY_PURPOSE } from '../../domain/requests/list.ts'
import { REQUEST_ERRORS } from '../../domain/requests/errors.ts'
import {
  asksReach,
  findRequest,
  reachReveal,
  requestFor,
  requestForEvent,
  type RequestRow,
  type RequestViewer,
} from '../../domain/requests/requests.ts'
import { removeResponder, setReady, takeOver } from '../../domain/requests/status.ts'
import { requireFilled } from '../../domain/accounts/rules.ts'
import { badRequest } from '../../errors.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import type { RequestChange } from '../../plugins/events.ts'
import type { PushCauseKind } from '../../push/notifier.ts'
import {
  CreateRequestBody,
  DescriptionBody,
  ListChanges,
  ListQuery,
  RemoveResponderBody,
  RequestJsonSchema,
  RequestLocationBody,
  RequestParams,
  SetReadyBody,
} from '../../schemas/request.ts'

const One = { 200: RequestJsonSchema, ...ErrorAnswers }
/** The changes that end a running response, if there is one. */
const ENDS_RESPONSE: ReadonlySet<PushCauseKind> = new Set(['released', 'removed', 'completed', 'deleted'])
/** Every request route needs a login (the preHandler below). */
const documented = (summary: string, description?: string) => ({
  tags: ['requests'],
  summary,
  ...(description ? { description } : {}),
  security: BEARER_AUTH,
})

/** The request calls (docs/product.md#help-requests). Every change answers the request as the caller now sees it. */
const requestRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.addHook('preHandler', app.authenticate)
  const cursorKey = app.deriveKey(SYNC_CURSOR_KEY_PURPOSE)

  const limits = { reachKm: config.PHONE_REACH_KM, revealsPerDay: config.PHONE_REVEALS_PER_DAY }
  /** A request the viewer opened; a transaction only when reach decides its owner's number (to record the reveal). */
  const answer = async (viewer: RequestViewer, id: number) => {
    const row = await findRequest(app.sql, viewer, id)
    const reach = asksReach(row, viewer, 'detail')
      ? await app.sql.begin((tx) => reachReveal(tx, row, viewer, limits))
      : 'none'
    return requestFor(row, viewer, 'detail', reach)
  }
  /**
   * A change in one transaction that also announces it (everyone it concerns hears of it, atomically with the
   * commit) and reads the request back once: the caller's answer and every live event are shaped from that row.
   * `work` answers what to tell, or `unchanged` when nothing was (a view counted before), and which push the change
   * causes: the pushes are queued in the same transaction, so they are saved exactly when the change is.
   */
  const change = async (
    viewer: RequestViewer,
    work: (tx: TransactionSql) => Promise<RequestChange & { unchanged?: true; push?: PushCauseKind }>,
  ) => {
    let pushed = false
    const answer = await app.events.transaction(async (tx, announce) => {
      const { unchanged, push, ...told } = await work(tx)
      const row = await requestForEvent(tx, told.requestId)
      if (!row) throw new Error(`request ${told.requestId} vanished in its own transaction`)
      if (!unchanged) await announce.request(told, row)
      // The response ended, and with it any position its helper shared (erased by the change): the owner's map drops it.
      if (push && ENDS_RESPONSE.has(push))
        await announce.position(told.requestId, { requestId: told.requestId, ownerId: row.owner_id, position: null })
      if (push) {
        await app.push.queuePushes(tx, { kind: push, previousResponderId: told.previousResponderId }, row)
        pushed = true
      }
      // The caller's own answer is a detail: a number it reveals by reach is recorded with the change.
      return requestFor(row, viewer, 'detail', await reachReveal(tx, row, viewer, limits))
    })
    if (pushed) app.push.wake()
    return answer
  }
  const NO_RESPONDER = { previousResponderId: null }

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
            'and the responder: open one request for more.',
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
    async (request) => answer(request.currentUser, request.params.id),
  )

  app.post(
    '/api/requests',
    {
      schema: {
        ...documented(
          'Ask for help',
          'Helpers within reach hear of it (live event and push). At most 2 open requests.',
        ),
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
      const created = await change(request.currentUser, async (tx) => ({
        requestId: await createRequest(tx, request.currentUser, input),
        ...NO_RESPONDER,
        push: 'created',
      }))
      return reply.code(201).send(created)
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
      const { id } = request.params
      const description = checkDescription(request.body.description)
      return change(request.currentUser, async (tx) => {
        await editDescription(tx, request.currentUser, id, description)
        return { requestId: id, ...NO_RESPONDER }
      })
    },
  )

  app.put(
    '/api/requests/:id/location',
    {
      schema: {
        ...documented('Move the request (owner)'),
        params: RequestParams,
        body: RequestLocationBody,
        response: One,
      },
    },
    async (request) => {
      const { latitude, longitude, isApproximate } = request.body
      const place = checkRequestLocation(latitude, longitude, flag(isApproximate))
      const { id } = request.params
      return change(request.currentUser, async (tx) => {
        const previousPlace = await updateLocation(tx, request.currentUser, id, place)
        return { requestId: id, ...NO_RESPONDER, previousPlace }
      })
    },
  )

  app.put(
    '/api/requests/:id/add-view',
    { schema: { ...documented('Count a view of the request'), params: RequestParams, response: One } },
    async (request) => {
      const { id } = request.params
      return change(request.currentUser, async (tx) => {
        const counted = await addView(tx, request.currentUser, id)
        // Only the owner and admins see the count: nobody else hears of it.
        return { requestId: id, ...NO_RESPONDER, viewsOnly: true, ...(counted ? {} : { unchanged: true }) }
      })
    },
  )

  app.put(
    '/api/requests/:id/addresponder',
    {
      schema: {
        ...documented(
          'Offer help: become the responder',
          'Only one helper at a time; the owner sees their phone number.',
        ),
        params: RequestParams,
        response: One,
      },
    },
    async (request) => {
      const { id } = request.params
      return change(request.currentUser, async (tx) => {
        await takeOver(tx, request.currentUser, id)
        return { requestId: id, ...NO_RESPONDER, push: 'taken' }
      })
    },
  )

  app.put(
    '/api/requests/:id/removeresponder',
    {
      schema: {
        ...documented('Remove the responder (owner) or withdraw the offer (responder)'),
        params: RequestParams,
        body: RemoveResponderBody,
        response: One,
      },
    },
    async (request) => {
      const { id } = request.params
      const { removedBy } = request.body
      return change(request.currentUser, async (tx) => {
        const previous = await removeResponder(tx, request.currentUser, id, removedBy)
        return {
          requestId: id,
          previousResponderId: previous,
          removedBy,
          push: removedBy === 'owner' ? 'removed' : 'released',
        }
      })
    },
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
    async (request) => {
      const { id } = request.params
      const gotHelp = flag(request.body.gotHelp)
      return change(request.currentUser, async (tx) => {
        await setReady(tx, request.currentUser, id, gotHelp)
        return { requestId: id, ...NO_RESPONDER, push: 'completed' }
      })
    },
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
      const { id } = request.params
      await change(request.currentUser, async (tx) => {
        await deleteRequest(tx, request.currentUser, id)
        return { requestId: id, ...NO_RESPONDER, push: 'deleted' }
      })
      return reply.code(204).send(null)
    },
  )
}

export default requestRoutes
