import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkLocation } from '../../domain/accounts/rules.ts'
import { reportLocation } from '../../domain/limits/phone-reach.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { LocationAnswer, LocationBody } from '../../schemas/user.ts'

/** The user's last reported position: the centre of their radius, and the fallback when the browser has none. */
const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user/location',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "The user's last reported position",
        security: BEARER_AUTH,
        response: { 200: LocationAnswer, ...ErrorAnswers },
      },
    },
    async (request) => ({ latitude: request.currentUser.latitude, longitude: request.currentUser.longitude }),
  )

  app.put(
    '/api/user/location',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "Report the user's position: the centre of their radius",
        description:
          'At most one report per 10 seconds (429 with Retry-After). The list and pushes follow every report; phone ' +
          'reach follows only plausible movement: a report more than 200 km/h from the reach place counts for it ' +
          'once a report at least a minute later, within 200 km/h of it, confirms it (docs/security.md, "Phone ' +
          'numbers by reach").',
        security: BEARER_AUTH,
        body: LocationBody,
        response: { 200: LocationAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      const location = checkLocation(request.body.latitude, request.body.longitude)
      await reportLocation(app.sql, request.currentUser.user_id, location)
      await app.events.publish({ type: 'user', userId: request.currentUser.user_id })
      return location
    },
  )
}

export default locationRoutes
