import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { liveLinkOf, revokeLink, shareRequest, type LiveLink } from '../../domain/share-links/share-links.ts'
import {
  SHARE_LINK_HOURS,
  SHARE_LINK_HOURS_AFTER_COMPLETION,
  SHARED_PAGE_PREFIX,
} from '../../domain/share-links/rules.ts'
import { SHARE_LINK_KEY_PURPOSE } from '../../domain/share-links/tokens.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { RequestParams } from '../../schemas/request.ts'
import { ShareLinkSchema, type ShareLink } from '../../schemas/share-link.ts'

const documented = (summary: string, description: string) => ({
  tags: ['share links'],
  summary,
  description,
  security: BEARER_AUTH,
})

/**
 * The page's address on the origin the caller used (behind a proxy, TRUST_PROXY makes it the public one, as the
 * cross-site check needs too): the owner shares exactly the app they are using.
 */
const pageUrl = (request: FastifyRequest, token: string) =>
  `${request.protocol}://${request.host}${SHARED_PAGE_PREFIX}${token}`

/**
 * docs/requests.md, "Share links": the owner makes, reads and revokes the read-only link of their request. Rules:
 * domain/share-links/share-links.ts; the page's own call is routes/shared.ts.
 */
const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  const key = app.deriveKey(SHARE_LINK_KEY_PURPOSE)
  const url = '/api/requests/:id/share'
  const answer = (request: FastifyRequest, link: LiveLink): ShareLink => ({
    token: link.token,
    url: pageUrl(request, link.token),
    expires_at: link.expiresAt.toISOString(),
  })

  app.post(
    url,
    {
      schema: {
        ...documented(
          'Share the request with someone you trust',
          'The owner only (others 403; a request the caller may not see 404), while the request is not completed ' +
            `(409). A read-only page of the request, without an account, for ${SHARE_LINK_HOURS} hours, or until ` +
            `revoked, the request deleted, or ${SHARE_LINK_HOURS_AFTER_COMPLETION} hour after it is completed. ` +
            'While a link is live, this answers the same link again (201): a retried call makes nothing new.',
        ),
        params: RequestParams,
        response: { 201: ShareLinkSchema, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const link = await shareRequest(app.sql, request.currentUser, request.params.id, key)
      return reply.code(201).send(answer(request, link))
    },
  )

  app.get(
    url,
    {
      schema: {
        ...documented(
          'The request’s live share link',
          'The owner only (others 403): the link still working, so the detail can offer to stop sharing it; 204 ' +
            'when there is none.',
        ),
        params: RequestParams,
        response: { 200: ShareLinkSchema, 204: NoBody('No live link.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const link = await liveLinkOf(app.sql, request.currentUser, request.params.id, key)
      return link ? answer(request, link) : reply.code(204).send(null)
    },
  )

  app.delete(
    url,
    {
      schema: {
        ...documented(
          'Stop sharing the request',
          'The owner only (others 403). The link stops working at once; 204 also when there was none.',
        ),
        params: RequestParams,
        response: { 204: NoBody('The link no longer works.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await revokeLink(app.sql, request.currentUser, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default shareRoutes
