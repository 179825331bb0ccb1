import { Type, type Static } from '@sinclair/typebox'
import { REQUEST_ROLES } from '../domain/requests/people.ts'

/** `about` is checked by the domain, as a report's is (server/schemas/request.ts, RequestRole, says why). */
export const BlockBody = Type.Object(
  {
    about: Type.String({
      maxLength: 2000,
      description: `Whom: ${REQUEST_ROLES.join(' or ')}; \`responder\` is the current helper, else the most recent one.`,
    }),
  },
  { examples: [{ about: 'owner' }] },
)

export const BlockSchema = Type.Object({
  block_id: Type.Integer(),
  user_name: Type.String({ description: 'Whom the block is against, by the name the blocker saw.' }),
})
/** A block as the blocker made it; the web client's type too. */
export type Block = Static<typeof BlockSchema>

export const BlockListItem = Type.Object({
  block_id: Type.Integer(),
  user_name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
})
export type BlockItem = Static<typeof BlockListItem>

export const BlockParams = Type.Object({ block_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })
