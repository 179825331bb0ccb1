import { Type, type TSchema } from '@sinclair/typebox'

export const Message = Type.Object({ message: Type.String() }, { examples: [{ message: 'Subscribed' }] })

/**
 * Every failure answers `{ message }` (server/plugins/error-handler.ts): a 4xx the reason in words a user may be
 * shown, a 5xx a generic text. The same shape as Message, so that the answer is serialised alike.
 */
export const ErrorMessage = Type.Object(
  { message: Type.String() },
  {
    description: 'Why the request failed: for 4xx in words a user may be shown, for 5xx a generic text.',
    examples: [{ message: 'All fields must be filled in' }, { message: 'Unauthorized' }],
  },
)

/** The error answers every route may give: its own 4xx and the generic 5xx. */
export const ErrorAnswers = { '4xx': ErrorMessage, '5xx': ErrorMessage }

/** An answer without a body (204, 304): documented by its description alone. */
export const NoBody = (description: string) => Type.Null({ description })

/**
 * The body of a call whose only input is a cookie (refresh-token, logout): `{}`, sent as JSON so that no HTML form
 * of another origin can make the call (docs/security.md, "Cross-site requests").
 */
export const EmptyJsonBody = Type.Object(
  {},
  { description: 'An empty JSON object: the call must be sent as application/json.', examples: [{}] },
)

/** The route needs an access token (`Authorization: Bearer <JWT>`) of a live session: 401 without one. */
export const BEARER_AUTH = [{ bearerAuth: [] }] as const

/**
 * A free-text field. The schema only bounds its size and type: the domain rules give the contract's own
 * messages (e.g. "Username must be 3-16 characters"), which a schema error could not.
 */
export const Text = Type.String({ maxLength: 2000 })

/** A value or null (JSON has no undefined): the answers' "not set" and the bodies' "clear it". */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const Latitude = Type.Number({ minimum: -90, maximum: 90 })
export const Longitude = Type.Number({ minimum: -180, maximum: 180 })
