import type { Queryable } from '../db/queryable.ts'
import type { ThanksRow } from '../domain/requests/thanks.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { enqueueForUsers } from './jobs.ts'
import { thanksPushPayload } from './texts.ts'

/** A thank-you keeps: a phone that is off today still shows it tomorrow. */
const THANKS_TTL = 24 * 60 * 60

/** Queues the thank-you's push to every device of the helper, in their language, in the thank-you's transaction. */
export async function queueThanksPush(sql: Queryable, thanks: ThanksRow): Promise<number> {
  const recipients = await sql<{ user_id: number; language: Language }[]>`
    select user_id, language from users where user_id = ${thanks.helper_id}
  `
  return enqueueForUsers(sql, recipients, (language) => thanksPushPayload(language, thanks), {
    urgency: 'normal',
    ttl: THANKS_TTL,
  })
}
