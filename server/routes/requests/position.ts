import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { POSITION_INTERVAL_SECONDS, readPosition, sharePosition, stopSharing } from '../../domain/requests/position.ts'
import { checkLocation } from '../../domain/accounts/rules.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { RequestParams } from '../../schemas/request.ts'
import { PositionBody, ResponderPositionSchema, type HelperPosition } from '../../schemas/responder-position.ts'

const documented = (summary: string, description: string) => ({
  tags: ['requests'],
  summary,
  description,
  security: BEARER_AUTH,
})

const shape = (position: { latitude: number; longitude: number; at: Date }): HelperPosition => ({
  latitude: position.latitude,
  longitude: position.longitude,
  at: position.at.toISOString(),
})

/**
 * "On my way" (docs/product.md#on-my-way): the current helper shares their position with the owner. Rules:
 * domain/requests/position.ts.
 */
const positionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  const url = '/api/requests/:id/responder-position'

  app.get(
    url,
    {
      schema: {
        ...documented(
          "The helper's latest shared position",
          'The owner and the current helper only (not admins: a live location is for the one waiting). 204 when ' +
            'nothing is shared. Others: 403; a request the caller may not see: 404.',
        ),
        params: RequestParams,
        response: { 200: ResponderPositionSchema, 204: NoBody('Nothing is shared now.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const position = await readPosition(app.sql, request.currentUser, request.params.id)
      return position ? shape(position) : reply.code(204).send(null)
    },
  )

  app.put(
    url,
    {
      schema: {
        ...documented(
          'Share my position with the owner',
          'The current helper, while the request is in progress (else 403). Only the latest position is kept, ' +
            `never a history. At most one update every ${POSITION_INTERVAL_SECONDS} s per response (429 with ` +
            'Retry-After). The owner hears of it live (`responder.position`).',
        ),
        params: RequestParams,
        body: PositionBody,
        response: { 200: ResponderPositionSchema, ...ErrorAnswers },
      },
    },
    async (request) => {
      const location = checkLocation(request.body.latitude, request.body.longitude)
      const row = await sharePosition(app.events, request.currentUser, request.params.id, location)
      return shape(row.position!)
    },
  )

  app.delete(
    url,
    {
      schema: {
        ...documented(
          'Stop sharing my position',
          'The current helper. The position is erased at once and the owner told (`responder.position` with ' +
            'null). It also goes by itself when the response ends.',
        ),
        params: RequestParams,
        response: { 204: NoBody('Not shared any more.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await stopSharing(app.events, request.currentUser, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default positionRoutes
