import { apiFetch } from '#shared/api/client.ts'
import type { Block, BlockItem } from '#server/schemas/block.ts'
import type { RequestRole } from '#server/domain/requests/people.ts'

/** The server's types of blocks (docs/safety.md, "Blocks"). */
export type { Block, BlockItem, RequestRole }

export const blockFromRequest = (requestId: number, about: RequestRole) =>
  apiFetch<Block>(`/api/requests/${requestId}/block`, { method: 'POST', body: { about } })
export const fetchBlocks = () => apiFetch<BlockItem[]>('/api/user/blocks')
export const liftBlock = (blockId: number) => apiFetch<void>(`/api/user/blocks/${blockId}`, { method: 'DELETE' })
