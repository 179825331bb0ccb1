import { Type, type Static } from '@sinclair/typebox'
import { Nullable, Text } from './common.ts'
import { REQUEST_ROLES } from '../domain/requests/people.ts'
import { RequestRole } from './request.ts'
import {
  DECISION_ACTIONS,
  DECISION_REASON_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  SUSPENSION_DAYS_MAX,
} from '../domain/moderation/rules.ts'

/** One of a list of words, documented as an enum in answers. */
const OneOf = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Union(
    values.map((value: T[number]) => Type.Literal(value)),
    description ? { description } : {},
  )

/**
 * POST /api/requests/{id}/reports. The words are checked by the domain rules (server/domain/moderation/rules.ts),
 * so that a wrong one is answered in words, not "Bad request".
 */
export const ReportBody = Type.Object(
  {
    about: Type.String({ maxLength: 2000, description: `Whom: ${REQUEST_ROLES.join(' or ')}` }),
    reason: Type.String({ maxLength: 2000, description: `Why: one of ${REPORT_REASONS.join(', ')}` }),
    details: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: `What happened, in the reporter's words: at most ${REPORT_DETAILS_MAX} characters once trimmed`,
      }),
    ),
  },
  { examples: [{ about: 'responder', reason: 'no_show', details: 'Sanoi tulevansa mutta ei tullut.' }] },
)
export type ReportBody = Static<typeof ReportBody>

export const ReportCreated = Type.Object({ report_id: Type.Integer() }, { examples: [{ report_id: 17 }] })

/** Whom the caller may report on one request, for the app's "Report" buttons. */
export const ReportOptions = Type.Array(
  Type.Object({
    about: RequestRole,
    user_name: Type.String(),
    reported: Type.Boolean({ description: 'The caller has reported this person on this request already' }),
  }),
  {
    description:
      'The owner, for anyone else who may see the request; the helper (current, or most recent after a release or ' +
      'removal), for the owner and admins. Never the caller.',
    examples: [[{ about: 'responder', user_name: 'Pekka', reported: false }]],
  },
)
export type ReportOptions = Static<typeof ReportOptions>

const Person = Type.Object({ user_id: Type.Integer(), user_name: Type.String() })

export const Decision = Type.Object({
  action: OneOf(DECISION_ACTIONS),
  reason: Type.String({ description: 'The statement of reasons' }),
  days: Nullable(Type.Integer({ minimum: 1, maximum: SUSPENSION_DAYS_MAX, description: 'A suspension only' })),
  decided_at: Type.String({ format: 'date-time' }),
  decided_by: Nullable(Type.Object(Person.properties, { description: 'The admin; null once their account is gone' })),
})

export const AdminReport = Type.Object(
  {
    report_id: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    reason: OneOf(REPORT_REASONS),
    details: Nullable(Type.String()),
    request_id: Nullable(Type.Integer({ description: "Null once the request is gone with its owner's account" })),
    status: OneOf(['open', 'closed'] as const, 'Closed once decided'),
    reporter: Nullable(Type.Object(Person.properties, { description: "Null once the reporter's account is gone" })),
    reported: Type.Object({
      ...Person.properties,
      open_reports: Type.Integer({ minimum: 0, description: 'Undecided reports about this user, this one included' }),
      total_reports: Type.Integer({ minimum: 0, description: 'Every report about this user' }),
    }),
    decision: Nullable(Decision),
  },
  {
    examples: [
      {
        report_id: 17,
        created_at: '2026-06-01T12:00:00.000Z',
        reason: 'no_show',
        details: 'Sanoi tulevansa mutta ei tullut.',
        request_id: 4021,
        status: 'open',
        reporter: { user_id: 12, user_name: 'Aino' },
        reported: { user_id: 34, user_name: 'Pekka', open_reports: 1, total_reports: 2 },
        decision: null,
      },
    ],
  },
)
export type AdminReport = Static<typeof AdminReport>
export type Decision = Static<typeof Decision>

/** A report about a deleted earlier account of the same phone number, kept after the deletion (no reported person). */
export const KeptReport = Type.Composite([
  Type.Omit(AdminReport, ['reported']),
  Type.Object({
    account_deleted_at: Type.String({
      format: 'date-time',
      description: 'When the earlier account it was about was deleted; kept MODERATION_RECORD_DAYS from then',
    }),
  }),
])
export type KeptReport = Static<typeof KeptReport>

export const AdminReportList = Type.Array(AdminReport)
export type AdminReportList = Static<typeof AdminReportList>

export const AdminReportQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('open'), Type.Literal('closed')], {
      default: 'open',
      description: 'open: undecided, oldest first (all of them); closed: decided, latest decision first (the last 200)',
    }),
  ),
})

export const AdminReportParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })

export const DecisionBody = Type.Object(
  {
    action: Type.String({ maxLength: 2000, description: `One of ${DECISION_ACTIONS.join(', ')}` }),
    reason: Text,
    days: Type.Optional(
      Type.Integer({ description: `A suspension only, and required for one: 1-${SUSPENSION_DAYS_MAX}` }),
    ),
  },
  {
    description: `reason: the statement of reasons, 1-${DECISION_REASON_MAX} characters once trimmed`,
    examples: [{ action: 'suspend', reason: 'Uhkaava viesti keskustelussa.', days: 7 }],
  },
)
export type DecisionBody = Static<typeof DecisionBody>

/** A user's record for the admin deciding a report about them: never a phone number. */
export const UserHistory = Type.Object({
  user: Type.Object({
    ...Person.properties,
    created_at: Type.String({ format: 'date-time' }),
    is_admin: Type.Boolean(),
  }),
  requests: Type.Array(
    Type.Object({
      request_id: Type.Integer(),
      category: Type.String(),
      status: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      deleted: Type.Boolean(),
      is_test: Type.Boolean(),
    }),
    { description: 'The requests they made, newest first, at most 50 (deleted ones marked)' },
  ),
  responses: Type.Array(
    Type.Object({
      request_id: Type.Integer(),
      category: Type.String(),
      owner_name: Type.String(),
      started_at: Type.String({ format: 'date-time' }),
      ended_at: Nullable(Type.String({ format: 'date-time' })),
      outcome: Nullable(OneOf(['released', 'removed', 'completed', 'deleted'] as const, 'Null while it runs')),
    }),
    { description: 'Their take-overs, newest first, at most 50' },
  ),
  reports: Type.Array(AdminReport, { description: 'Every report about them, newest first, with its decision' }),
  reports_made: Type.Integer({ minimum: 0, description: 'How many reports they have sent themselves' }),
  earlier_reports: Type.Array(KeptReport, {
    description:
      'Reports about deleted earlier accounts with the same phone number, newest first, with their decisions: ' +
      'kept MODERATION_RECORD_DAYS after each deletion, matched by a keyed hash of the number, never the number',
  }),
})
export type UserHistory = Static<typeof UserHistory>

/**
 * What the user is told of a moderation decision until they acknowledge it. `warning`: an admin warned them, with the
 * statement of reasons. `report_reviewed`: a report they sent was decided, with what was done (never the reasons, nor
 * anything else about the other person).
 */
export const Notice = Type.Union([
  Type.Object({
    notice_id: Type.Integer(),
    kind: Type.Literal('warning'),
    created_at: Type.String({ format: 'date-time' }),
    reason: Type.String({ description: 'The statement of reasons' }),
  }),
  Type.Object({
    notice_id: Type.Integer(),
    kind: Type.Literal('report_reviewed'),
    created_at: Type.String({ format: 'date-time' }),
    action: OneOf(DECISION_ACTIONS, 'What was done about the report'),
    reported_at: Type.String({ format: 'date-time', description: 'When the user sent the report' }),
  }),
])
export type Notice = Static<typeof Notice>

export const NoticeList = Type.Array(Notice, {
  description: 'Unacknowledged, oldest first',
  examples: [
    [
      {
        notice_id: 3,
        kind: 'report_reviewed',
        created_at: '2026-06-02T08:00:00.000Z',
        action: 'suspend',
        reported_at: '2026-06-01T12:00:00.000Z',
      },
    ],
  ],
})

export const NoticeParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })
