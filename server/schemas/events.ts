import type { ConversationMessage } from './conversation.ts'
import type { HelpRequest } from './request.ts'
import type { Thanks } from './thanks.ts'
import type { HelperPosition } from './responder-position.ts'
import type { PublicUser } from './user.ts'
import type { RequestRole } from '../domain/requests/people.ts'
import type { WaitingProgress } from './waiting-progress.ts'

/**
 * What GET /api/events sends over the WebSocket; the server writes these and the web client reads them. No
 * TypeBox schema: nothing validates outgoing socket messages. `request.upserted` carries the request as GET
 * /api/requests would list it for this user; `removedBy` says who ended a response (the owner or the helper) when that
 * is the change; `refetch` means events may have been missed; `user.updated` carries the
 * user's own account after a change on the server (a role granted or revoked, a new name from another device);
 * `services.changed` says the public service list changed: the client fetches GET /api/services again (its ETag
 * keeps that cheap), so the event carries no data and is the same for everyone. `request.hidden` says a request
 * left this user's list without being deleted (it moved out of their reach): dropped quietly, with no notice.
 * `message.created` is a new message of a request's conversation, sent to its owner and helper only.
 * `thanks.received` is the owner's thank-you, sent to the helper it thanks only.
 * `responder.position` is where the helper of the owner's request is now (docs/product.md#on-my-way), sent to the owner
 * only; `position` is null when the helper stopped sharing or the response ended.
 * `request.progress` is the waiting owner's progress (docs/product.md#progress-while-waiting), sent to the owner only:
 * counts and times, never who.
 * `notices.changed` says the user has a new notice of a moderation decision (docs/admin.md, "Moderation"), sent to
 * that user only: the client fetches GET /api/user/notices, so the event carries nothing.
 * `reports.changed` says the moderation queue changed (a report filed or decided; docs/admin.md, "Moderation"), sent
 * to admins only: the dashboard fetches GET /api/admin/reports, so the event carries nothing.
 */

export type ServerEvent =
  | { type: 'ready' }
  | { type: 'refetch' }
  | { type: 'request.upserted'; request: HelpRequest; removedBy?: RequestRole }
  | { type: 'request.deleted'; request_id: number }
  | { type: 'request.hidden'; request_id: number }
  | { type: 'user.updated'; user: PublicUser }
  | { type: 'services.changed' }
  | { type: 'message.created'; message: ConversationMessage }
  | { type: 'thanks.received'; thanks: Thanks }
  | { type: 'responder.position'; request_id: number; position: HelperPosition | null }
  | { type: 'request.progress'; request_id: number; progress: WaitingProgress }
  | { type: 'notices.changed' }
  | { type: 'reports.changed' }
