import type { Sql } from 'postgres'
import { conflict, tooManyRequests } from '../errors.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { declarativePayload, SENT_AT } from './declarative.ts'
import { PUSH_ERRORS } from './errors.ts'
import { enqueueForUsers } from './jobs.ts'

/**
 * "Send me a practice alert" (Settings → Notifications, docs/live-and-push.md, "Practice alert"): a push to every
 * device of the user, worded as practice, asking for a receipt like an alert. At most PRACTICE_ALERTS_PER_HOUR an
 * hour per user: each push wakes a phone, and the button is one tap away.
 */
export const PRACTICE_ALERTS_PER_HOUR = 3

/** Practice alerts keep their own tag: one practice on the phone at a time, never replacing a real alert. */
const PRACTICE_TAG = 'practice'
/** A practice alert may go as long as an alert may: a phone that is off should not buzz with it tomorrow. */
const PRACTICE_TTL = 60 * 60

const TEXTS: Record<Language, { title: string; body: string }> = {
  english: {
    title: 'Practice alert: this is how a help request will look',
    body: 'Tap to see how long this alert took to reach you.',
  },
  finnish: {
    title: 'Harjoitushälytys: tältä avunpyyntö näyttää',
    body: 'Napauta, niin näet, kauanko hälytyksellä kesti tavoittaa sinut.',
  },
  swedish: {
    title: 'Övningslarm: så här ser en hjälpförfrågan ut',
    body: 'Tryck för att se hur länge larmet tog på sig att nå dig.',
  },
}

/** The queued payload: a tap opens the app with the send time, which the worker fills in as it sends. */
export function practicePayload(language: Language): string {
  return declarativePayload({ ...TEXTS[language], path: `/?practice=${SENT_AT}`, tag: PRACTICE_TAG }, language)
}

/**
 * Checks the hourly limit and queues the practice pushes in one transaction under the user's row lock, so parallel
 * asks on any instance are counted one after the other: of a burst, exactly PRACTICE_ALERTS_PER_HOUR are queued.
 * 409 when the user has no push subscription, 429 (with the seconds until the oldest ask of the hour expires) past
 * the limit. Answers how many devices the practice goes to.
 */
export async function sendPracticeAlert(sql: Sql, userId: number): Promise<number> {
  return sql.begin(async (tx) => {
    const [user] = await tx<{ language: Language }[]>`
      select language from users where user_id = ${userId} for no key update
    `
    if (!user) throw conflict(PUSH_ERRORS.practiceNoSubscription)
    // After the lock: an ask that waited for another one sees it.
    const [seen] = await tx<{ recent: number; retry_after: number | null; subscribed: boolean }[]>`
      select count(*)::int as recent,
        extract(epoch from min(asked_at) + interval '1 hour' - statement_timestamp())::float8 as retry_after,
        exists (select 1 from push_subscriptions where user_id = ${userId}) as subscribed
      from practice_alerts
      where user_id = ${userId} and asked_at > statement_timestamp() - interval '1 hour'
    `
    if (!seen!.subscribed) throw conflict(PUSH_ERRORS.practiceNoSubscription)
    if (seen!.recent >= PRACTICE_ALERTS_PER_HOUR) {
      throw tooManyRequests(PUSH_ERRORS.practiceTooOften, seen!.retry_after ?? 3600)
    }
    await tx`insert into practice_alerts (user_id, asked_at) values (${userId}, statement_timestamp())`
    return enqueueForUsers(
      tx,
      [{ user_id: userId, language: user.language }],
      practicePayload,
      { urgency: 'high', ttl: PRACTICE_TTL },
      { receipt: { kind: 'practice' } },
    )
  })
}
