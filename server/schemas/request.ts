import { Type, type Static } from '@sinclair/typebox'
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '../domain/shared/categories.ts'
import { REQUEST_ROLES } from '../domain/requests/people.ts'
import { Latitude, Longitude, Nullable, Text } from './common.ts'

/**
 * `owner` or `responder`: a person's part on a request (server/domain/requests/people.ts), in answers and in
 * `removedBy`. A report's or a block's `about` is a string here and checked by the domain (requestRoleOf), for both
 * alike: a wrong one is then answered in the action's words, not a schema's "Bad request".
 */
export const RequestRole = Type.Union(
  REQUEST_ROLES.map((role) => Type.Literal(role)),
  { description: '`owner`: the request’s owner; `responder`: its current helper, else the most recent one.' },
)

/** The API contract sends flags as 0 or 1 (docs/product.md#help-requests). */
const Flag = Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])

export const RequestJsonSchema = Type.Object({
  request_id: Type.Integer(),
  category: Type.Union(REQUEST_CATEGORIES.map((c) => Type.Literal(c))),
  status: Type.Union(REQUEST_STATUSES.map((s) => Type.Literal(s))),
  description: Type.String(),
  user_name: Type.String(),
  phone: Nullable(
    Type.String({
      description:
        'The owner’s number. In the list and live events only to the owner and the helper; in the detail also to ' +
        'admins and to users within phone reach (their plausibly reached location within their radius and within ' +
        'PHONE_REACH_KM, or a request without location), at most PHONE_REVEALS_PER_DAY requests a day, unless ' +
        'phoneOnlyToHelper. Null when completed.',
    }),
  ),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  isApproximate: Type.Boolean(),
  is_test: Type.Boolean(),
  views: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  responder_id: Nullable(Type.Integer()),
  responder_user_name: Nullable(Type.String()),
  responder_distance_km: Nullable(
    Type.Integer({
      minimum: 0,
      description:
        'For the owner only: how far the helper is from the request, in whole km (0: under half a km), from the ' +
        'helper’s last reported location. Null for everyone else, when completed, or when either location is unknown.',
    }),
  ),
  responder_phone: Nullable(
    Type.String({
      description:
        'The helper’s number: to the owner and the helper, and to admins in the detail. Null when completed.',
    }),
  ),
  isOwnRequest: Type.Boolean(),
  got_help: Nullable(Type.Boolean()),
  phoneOnlyToHelper: Type.Boolean({
    description: 'The owner shows their number only to the person who helps: nobody else receives it.',
  }),
  ownerSuspended: Type.Optional(
    Type.Literal(true, {
      description:
        'Admins only, on an open request: its owner is suspended or banned now, so nobody else sees it ' +
        '(docs/accounts.md, "Suspension and ban"). Absent otherwise.',
    }),
  ),
  mayActAbout: Type.Array(Type.Object({ about: RequestRole, user_name: Type.String() }), {
    description:
      'Whom this viewer may report (`POST .../reports`) and block (`POST .../block`) on this request, by name: the ' +
      'owner to anyone but the owner; the current helper, else the most recent one, to the owner and admins. The ' +
      'one rule both calls apply (docs/safety.md).',
  }),
  phoneLimitReached: Type.Boolean({
    description:
      'True in a detail answer whose owner’s number is withheld because the viewer, though within reach, already ' +
      'got PHONE_REVEALS_PER_DAY numbers by reach today (Helsinki day); false otherwise.',
  }),
})
/** A help request as the server answers it (docs/product.md#help-requests); the web client's type too. */
export type HelpRequest = Static<typeof RequestJsonSchema>

export const RequestParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })

export const CreateRequestBody = Type.Object(
  {
    category: Text,
    description: Text,
    latitude: Type.Optional(Nullable(Latitude)),
    longitude: Type.Optional(Nullable(Longitude)),
    isApproximate: Flag,
    isTest: Type.Optional(Flag),
    /** Off unless sent: the contract's behaviour (docs/product.md#help-requests). */
    phoneOnlyToHelper: Type.Optional(Flag),
  },
  {
    examples: [
      {
        category: 'bicycle_maintenance',
        description: 'Takarengas puhki Keskuspuiston pyörätiellä',
        latitude: 60.2055,
        longitude: 24.9166,
        isApproximate: 0,
      },
    ],
  },
)

export type CreateRequestBody = Static<typeof CreateRequestBody>

export const DescriptionBody = Type.Object(
  { description: Text },
  { examples: [{ description: 'Ketju katkesi, tarvitsen ketjutyökalun' }] },
)
export const RequestLocationBody = Type.Object(
  {
    latitude: Nullable(Latitude),
    longitude: Nullable(Longitude),
    isApproximate: Flag,
  },
  { examples: [{ latitude: 61.4978, longitude: 23.761, isApproximate: 1 }] },
)
export const RemoveHelperBody = Type.Object(
  {
    removedBy: RequestRole,
  },
  { examples: [{ removedBy: 'responder' }] },
)
export const SetReadyBody = Type.Object({ gotHelp: Flag }, { examples: [{ gotHelp: 1 }] })

/**
 * A cursor the server gave: opaque; base64url, and for a sync cursor its signature after a dot
 * (server/domain/requests/list.ts). A sync cursor holds the viewer's block set: room for BLOCKS_PER_USER ids.
 */
const Cursor = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9_.-]+$', description, examples: [example] })

export const ListQuery = Type.Object({
  all: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('0')], {
      description: 'Show-all: every request the user may see, a page at a time.',
      examples: ['1'],
    }),
  ),
  before: Type.Optional(
    Cursor('With `all=1`: the page after the one whose `X-Next-Cursor` this is.', 'eyJiZWZvcmUiOjEwMX0'),
  ),
  since: Type.Optional(
    Cursor(
      'An `X-Sync-Cursor` of an earlier answer (same `all`): answer only the changes since it.',
      'eyJ1Ijo0MiwidCI6IjE3NjQwMDAwMDAwMDAwMDAiLCJtb2RlIjoiYWxsIiwiYWRtaW4iOmZhbHNlLCJsYXQiOm51bGwsImxvbiI6bnVsbCwicmFkaXVzIjoxMH0.' +
        'PKwzhxbE80b_6v6lF8FdPRvlRsKSRHDQJXv3F5LFgWo',
    ),
  ),
})

export const ListChanges = Type.Object(
  {
    requests: Type.Array(RequestJsonSchema, {
      description: 'Changed, or newly within the list: show these as they are.',
    }),
    removed: Type.Array(Type.Integer(), {
      description: 'Ids no longer in the list (deleted, out of reach, out of the history window): drop them.',
    }),
  },
  { description: 'The answer to `since`: what changed after that cursor.' },
)
