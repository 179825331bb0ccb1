import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'
import { sharedRequest } from '../domain/share-links/share-links.ts'
import { ErrorAnswers } from '../schemas/common.ts'
import { SharedParams, SharedRequestSchema } from '../schemas/share-link.ts'
import { sharedLinkRateLimit } from './rate-limits.ts'

/**
 * docs/requests.md, "Share links": what the page of a link (`/s/{token}`) shows, to anyone holding the link, without
 * an account. Limited per address (SHARED_LINK_REQUESTS_PER_MINUTE), counted before the token is looked up.
 */
const sharedRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/shared/:token',
    {
      config: sharedLinkRateLimit(config),
      schema: {
        tags: ['share links'],
        summary: 'A request shared with you',
        description:
          'No account needed. The category, status, description, times, the location as the owner shares it ' +
          '(an approximate one stays approximate) and, while someone helps, their name, whether they are on ' +
          'their way and how far they are in whole km. Never a phone number or a user id. 404 once the link is ' +
          'revoked, the request deleted, an hour after it is completed, or a day after the link was made. At most ' +
          'SHARED_LINK_REQUESTS_PER_MINUTE calls a minute per address (429).',
        params: SharedParams,
        response: { 200: SharedRequestSchema, ...ErrorAnswers },
      },
    },
    async (request) => sharedRequest(app.sql, request.params.token),
  )
}

export default sharedRoutes
