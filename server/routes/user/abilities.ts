import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { abilitiesRefusal, checkAbilities } from '../../domain/accounts/abilities.ts'
import { setAbilities, toPublicUser } from '../../domain/accounts/users.ts'
import { unauthorized } from '../../errors.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { AbilitiesSchema, UserAnswer } from '../../schemas/user.ts'

/** What the user can help with (docs/product.md#abilities, migration 00028). */
const abilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/user/abilities',
    {
      onRequest: app.authenticate,
      // The session is checked before the body (onRequest: 401 before 400), and the schema's refusal waits for the
      // handler, so the 400 names the field that is wrong (abilitiesRefusal).
      attachValidation: true,
      schema: {
        tags: ['accounts'],
        summary: 'Set what the user can help with',
        description:
          'Kit carried, a vehicle, first aid and languages spoken, each from a fixed list (an item sent twice is ' +
          'kept once). The waves of push alerts about new requests alert first those whose abilities fit the ' +
          'request and tell them why (docs/product.md#abilities). Shown to the user alone, never to other users.',
        security: BEARER_AUTH,
        body: AbilitiesSchema,
        response: { 200: UserAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      if (request.validationError) throw abilitiesRefusal(request.validationError)
      const user = await setAbilities(app.sql, request.currentUser.user_id, checkAbilities(request.body))
      if (!user) throw unauthorized('Session ended, log in again')
      // The user's other devices show the new abilities (a `user` message reloads them on every instance).
      await app.events.publish({ type: 'user', userId: user.user_id })
      return { user: toPublicUser(user) }
    },
  )
}

export default abilityRoutes
