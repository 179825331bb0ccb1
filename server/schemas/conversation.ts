import { Type, type Static } from '@sinclair/typebox'
import { Nullable, Text } from './common.ts'

/**
 * A database id of a message: a bigint, sent as a string of digits (JSON numbers cannot hold every one). At most 18
 * digits: every one fits a bigint (19 may not, which PostgreSQL would refuse with an error, not an answer).
 */
const MessageId = Type.String({ pattern: '^[0-9]{1,18}$', examples: ['42'] })

export const ConversationMessageSchema = Type.Object({
  message_id: MessageId,
  request_id: Type.Integer(),
  author_id: Type.Integer(),
  author_name: Type.String(),
  text: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
})
/** One message between a request's owner and its helper; the web client's type too. */
export type ConversationMessage = Static<typeof ConversationMessageSchema>

export const ConversationSchema = Type.Object({
  messages: Type.Array(ConversationMessageSchema, { description: 'Oldest first.' }),
  readOnly: Nullable(
    Type.Union([Type.Literal('completed'), Type.Literal('noHelper'), Type.Literal('admin')], {
      description:
        'Null: the caller may write. `completed`: the request is done; `noHelper`: nobody helps now (released ' +
        'or removed); `admin`: an admin who is not a participant reads only.',
    }),
  ),
  lastReadId: Nullable(Type.String({ description: 'The newest message the caller has marked read.' })),
})
export type Conversation = Static<typeof ConversationSchema>

export const MessageBody = Type.Object({ text: Text }, { examples: [{ text: 'Olen tulossa, noin 10 minuuttia' }] })

export const ReadBody = Type.Object({ lastReadId: MessageId }, { examples: [{ lastReadId: '42' }] })

export const UnreadCounts = Type.Array(
  Type.Object({ request_id: Type.Integer(), unread: Type.Integer({ minimum: 1 }) }),
  { description: 'Requests with unread messages for the caller; the others are left out.' },
)
