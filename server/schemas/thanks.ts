import { Type, type Static } from '@sinclair/typebox'
import { Nullable, Text } from './common.ts'

export const ThanksSchema = Type.Object({
  request_id: Type.Integer(),
  owner_name: Type.String({ description: 'Who thanked: the request’s owner.' }),
  text: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
})
/** The owner's thank-you to the helper of a completed request; the web client's type too. */
export type Thanks = Static<typeof ThanksSchema>

export const ThanksBody = Type.Object({ text: Text }, { examples: [{ text: 'Kiitos tosi paljon!' }] })

export const TrustSchema = Type.Object({
  responder_helped: Nullable(
    Type.Integer({
      minimum: 0,
      description:
        'How many cyclists the current helper has helped (distinct owners who marked a real request "help ' +
        'received" with them as helper). Null when the request shows no helper (none now, or completed).',
    }),
  ),
  /** The thank-you, to the owner who sent it and the helper it thanks; null for everyone else. */
  thanks: Nullable(ThanksSchema),
  canThank: Type.Boolean({
    description:
      'The caller is the owner and may still thank: completed with help received from a helper, not yet thanked.',
  }),
})
export type Trust = Static<typeof TrustSchema>

export const HelpedCount = Type.Object({
  helped: Type.Integer({ minimum: 0, description: 'Distinct cyclists the caller has helped.' }),
})
