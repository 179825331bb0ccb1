import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'
import { addView, createRequest, deleteRequest, editDescription, updateLocation } from '../domain/request-changes.ts'
import { checkCategory, checkDescription, checkRequestLocation, flag } from '../domain/request-rules.ts'
import { findRequest, listRequests, requestFor, type RequestViewer } from '../domain/requests.ts'
import { removeResponder, setReady, takeOver } from '../domain/responses.ts'
import { requireFilled } from '../domain/user-rules.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../schemas/common.ts'
import type { RemovedBy } from '../schemas/events.ts'
import {
  CreateRequestBody,
  DescriptionBody,
  RemoveResponderBody,
  RequestJsonSchema,
  RequestLocationBody,
  RequestParams,
  SetReadyBody,
} from '../schemas/request.ts'

const One = { 200: RequestJsonSchema, ...ErrorAnswers }
/** Every request route needs a login (the preHandler below). */
const documented = (summary: string, description?: string) => ({
  tags: ['requests'],
  summary,
  ...(description ? { description } : {}),
  security: BEARER_AUTH,
})

/** SPEC 7's request calls. Every change answers the request as the caller now sees it. */
const requestRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.addHook('preHandler', app.authenticate)

  const answer = async (viewer: RequestViewer, id: number) =>
    requestFor(await findRequest(app.sql, viewer, id), viewer, 'detail')
  /** After a committed change: everyone it concerns hears of it, then the caller gets the request. */
  const changed = async (
    viewer: RequestViewer,
    requestId: number,
    ended: { previousResponderId: number | null; removedBy: RemovedBy } | null = null,
  ) => {
    await app.events.publish({ type: 'request', requestId, previousResponderId: null, ...ended })
    return answer(viewer, requestId)
  }

  app.get(
    '/api/requests',
    {
      schema: {
        ...documented(
          'The requests the user may see',
          'Open requests within the radius of the user, their own, and those they help; recent history too. Phone numbers only between the owner and the responder: open one request for more.',
        ),
        response: { 200: Type.Array(RequestJsonSchema), ...ErrorAnswers },
      },
    },
    async (request) => {
      const viewer = request.currentUser
      const rows = await listRequests(app.sql, viewer, config.REQUEST_HISTORY_DAYS)
      return rows.map((row) => requestFor(row, viewer, 'list'))
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
      const id = await createRequest(app.sql, request.currentUser, {
        category: checkCategory(body.category),
        description: checkDescription(body.description),
        ...checkRequestLocation(body.latitude, body.longitude, isApproximate),
        isTest: flag(body.isTest),
      })
      app.push.notify('created', id)
      return reply.code(201).send(await changed(request.currentUser, id))
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
      await editDescription(app.sql, request.currentUser, request.params.id, checkDescription(request.body.description))
      return changed(request.currentUser, request.params.id)
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
      await updateLocation(app.sql, request.currentUser, request.params.id, place)
      return changed(request.currentUser, request.params.id)
    },
  )

  app.put(
    '/api/requests/:id/add-view',
    { schema: { ...documented('Count a view of the request'), params: RequestParams, response: One } },
    async (request) => {
      await addView(app.sql, request.currentUser, request.params.id)
      return changed(request.currentUser, request.params.id)
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
      await takeOver(app.sql, request.currentUser, request.params.id)
      app.push.notify('taken', request.params.id)
      return changed(request.currentUser, request.params.id)
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
      const previous = await removeResponder(app.sql, request.currentUser, request.params.id, request.body.removedBy)
      app.push.notify(request.body.removedBy === 'owner' ? 'removed' : 'released', request.params.id, previous)
      return changed(request.currentUser, request.params.id, {
        previousResponderId: previous,
        removedBy: request.body.removedBy,
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
      await setReady(app.sql, request.currentUser, request.params.id, flag(request.body.gotHelp))
      app.push.notify('completed', request.params.id)
      return changed(request.currentUser, request.params.id)
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
      await deleteRequest(app.sql, request.currentUser, request.params.id)
      await app.events.publish({ type: 'request', requestId: request.params.id, previousResponderId: null })
      return reply.code(204).send(null)
    },
  )
}

export default requestRoutes
