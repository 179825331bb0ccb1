import { Type, type Static } from '@sinclair/typebox'
import { ABOUT_VALUES } from '../domain/requests/people.ts'

export const About = Type.Union(
  ABOUT_VALUES.map((about) => Type.Literal(about)),
  { description: '`owner`: the request’s owner; `responder`: its current helper, else the most recent one.' },
)

export const BlockBody = Type.Object({ about: About }, { examples: [{ about: 'owner' }] })

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
