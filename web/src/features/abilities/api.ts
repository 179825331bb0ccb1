import { apiPut } from '#shared/api/client.ts'
import type { User } from '#shared/api/types.ts'
import type { Abilities } from '#server/domain/shared/abilities.ts'

/** What the user can help with (docs/product.md#abilities): the user's, on every device. */
export const changeAbilities = async (abilities: Abilities): Promise<User> =>
  (await apiPut<{ user: User }>('/api/user/abilities', abilities)).user
