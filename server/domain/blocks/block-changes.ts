import { changeSeveral, type ChangeContext, type Told } from '../requests/change.ts'
import type { Viewer } from '../requests/requests.ts'
import type { Transactions } from '../shared/unit-of-work.ts'
import { blockFromRequest, liftBlock, type EndedResponse, type NewBlock } from './blocks.ts'

/**
 * The units of work of a block and of its lifting (docs/safety.md, "Blocks"): each one transaction that announces
 * both users' changed block sets (server/events/hub.ts reloadUser): their open apps fetch their lists again, and
 * the session copies holding the old sets go.
 */

/** A block made from a request: the responses it ended are told as every request change is (change.ts). */
export async function block(
  context: Pick<ChangeContext, 'events' | 'push'>,
  viewer: Viewer,
  requestId: number,
  about: string,
): Promise<NewBlock> {
  return changeSeveral(context, async (tx) => {
    const made = await blockFromRequest(tx, viewer, requestId, about)
    return { result: made, changes: made.ended.map(toldOfEnd), changedUsers: [viewer.user_id, made.blockedId] }
  })
}

/** Lifts one of the user's own blocks, announced in the transaction that lifts it as a block is. */
export async function lift(events: Transactions, blockerId: number, blockId: number): Promise<void> {
  await events.transaction(async (tx, announce) => {
    const blockedId = await liftBlock(tx, blockerId, blockId)
    await announce.user(blockerId)
    await announce.user(blockedId)
  })
}

/**
 * A response a block ended, told as the release or removal it is. The helper who blocked an owner leaves them
 * waiting: the owner is told by push as after a release. An owner who blocked their helper sends the helper nothing.
 */
function toldOfEnd(end: EndedResponse): Told {
  return {
    requestId: end.requestId,
    previousHelperId: end.previousHelperId,
    removedBy: end.removedBy,
    hiddenFrom: end.previousHelperId,
    endsResponse: true,
    ...(end.removedBy === 'responder' ? { push: 'released' as const } : {}),
  }
}
