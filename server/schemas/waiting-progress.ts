import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from './common.ts'

/**
 * The waiting owner's progress (docs/product.md#progress-while-waiting): counts only, never who. For the owner and
 * admins (GET /api/requests/{id}/progress) and, live, the owner (`request.progress`).
 */
export const WaitingProgressSchema = Type.Object(
  {
    alerted: Type.Integer({ minimum: 0, description: 'How many helpers were alerted by push, in every wave so far.' }),
    reached: Type.Integer({
      minimum: 0,
      description:
        'How many of the alerted helpers had an alert of this request confirmed by their phone (its service worker ' +
        'showed it), each person once however many devices. Pushes that never reached a phone are not counted.',
    }),
    opened: Type.Integer({
      minimum: 0,
      description: 'How many people other than the owner opened the request (the view count: each person once).',
    }),
    rounds: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'How many alert rounds (waves) have gone out so far: 0 before the first. Null once no round is left ' +
          '(after the last one, ALERT_MAX_RECIPIENTS, or when the request ended).',
      }),
    ),
    last_round_alerted: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'How many helpers the latest round alerted; a round alerts only people not alerted before, so 0 means it ' +
          'found nobody new within reach (nobody at all while alerted is 0). Null before the first round and ' +
          'whenever rounds is null.',
      }),
    ),
    next_wave_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the next wave of alerts is due (in the past: it is going out now). Null when no more waves will go: ' +
          'taken over (even if released since), completed, deleted, or ALERT_MAX_RECIPIENTS reached.',
      }),
    ),
    fitting: Type.Integer({
      minimum: 0,
      description:
        'How many of the alerted have abilities that fit the request (docs/product.md#abilities): tools or spares ' +
        'for bicycle maintenance, a vehicle for a transportation need. 0 for a category that prefers none.',
    }),
    fitting_ability: Nullable(
      Type.Union([Type.Literal('repair_kit'), Type.Literal('vehicle')], {
        description: 'The kind of ability that fits this request; null for a category that prefers none.',
      }),
    ),
    alert_more_available_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'From when the owner may ask for the next wave at once (POST .../alert-more): 2 minutes after the latest ' +
          'wave went out or was asked for. In the past: now. Null whenever next_wave_at is null.',
      }),
    ),
  },
  {
    examples: [
      {
        alerted: 15,
        reached: 11,
        opened: 3,
        fitting: 6,
        fitting_ability: 'repair_kit',
        rounds: 1,
        last_round_alerted: 15,
        next_wave_at: '2026-11-24T09:35:00.000Z',
        alert_more_available_at: '2026-11-24T09:32:00.000Z',
      },
    ],
  },
)
/** The web client's type too. */
export type WaitingProgress = Static<typeof WaitingProgressSchema>
