import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import abilityRoutes from './abilities.ts'
import accountRoutes from './account.ts'
import adminUserRoutes from './admin.ts'
import blockListRoutes from './blocks.ts'
import locationRoutes from './location.ts'
import noticeRoutes from './notices.ts'
import notificationPreferenceRoutes from './notification-preferences.ts'
import practiceAlertRoutes from './practice-alert.ts'
import registrationRoutes from './registration.ts'
import sessionRoutes from './session.ts'

/** Every /api/user route (docs/product.md#accounts), one file per concern. */
export default async function userRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  await app.register(registrationRoutes, { config })
  await app.register(sessionRoutes, { config })
  await app.register(accountRoutes, { config })
  await app.register(locationRoutes)
  await app.register(notificationPreferenceRoutes)
  await app.register(practiceAlertRoutes)
  await app.register(abilityRoutes)
  await app.register(adminUserRoutes)
  await app.register(blockListRoutes)
  await app.register(noticeRoutes)
}
