import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkNotificationPreferences } from '../../domain/accounts/push-preferences.ts'
import { setHelpNow, toPublicUser, updateUser } from '../../domain/accounts/users.ts'
import { unauthorized } from '../../errors.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { AvailableToHelpBody, NotificationPreferencesBody, UserAnswer } from '../../schemas/user.ts'

/**
 * Quiet hours and the hourly cap of alerts about other people's new requests (migration 00010, push waves), and the
 * "I can help now" switch that turns those alerts off altogether (migration 00020).
 */
const notificationPreferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/user/notification-preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Set quiet hours and the most new-request alerts an hour',
        description:
          'Quiet hours are Helsinki wall-clock times "HH:MM" (start included, end excluded; a start after the end ' +
          'wraps midnight), both null for none. hourlyCap is 1-30. Both bound only the push alerts about other ' +
          "people's new requests: news of the user's own request or of the one they help always goes.",
        security: BEARER_AUTH,
        body: NotificationPreferencesBody,
        response: { 200: UserAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      const user = await updateUser(app.sql, request.currentUser.user_id, checkNotificationPreferences(request.body))
      if (!user) throw unauthorized('Session ended, log in again')
      // The user's other devices show the new preferences (a `user` message reloads them on every instance).
      await app.events.publish({ type: 'user', userId: user.user_id })
      return { user: toPublicUser(user) }
    },
  )

  app.put(
    '/api/user/available-to-help',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Switch "I can help now" on or off, or on for a while',
        description:
          "Off, the waves of push alerts about other people's new requests pass the user over. The user still sees " +
          'the list live and can take requests over; news of their own request or of the one they help still goes. ' +
          'On with `for` (1h, 3h, today: until midnight in Helsinki), it is off again after that time.',
        security: BEARER_AUTH,
        body: AvailableToHelpBody,
        response: { 200: UserAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      const { availableToHelp, for: period } = request.body
      const user = await setHelpNow(app.sql, request.currentUser.user_id, availableToHelp, period)
      if (!user) throw unauthorized('Session ended, log in again')
      // The switch shows on every device of the user, as the preferences above do.
      await app.events.publish({ type: 'user', userId: user.user_id })
      return { user: toPublicUser(user) }
    },
  )
}

export default notificationPreferenceRoutes
