import type { MessageDescriptor } from '@lingui/core'
import type { RequestCategory } from '#server/domain/shared/categories.ts'
import { conversationMessages } from './conversation-catalog.ts'

/** Who writes: the request's owner or its helper (an admin only reads). */
export type ConversationSide = 'owner' | 'helper'

/**
 * The helper's one question that fits the kind of help asked for (docs/product.md#conversation): a tyre's size is
 * no question for someone out of water, nor a destination for a flat tyre.
 */
const HELPER_QUESTION: Record<RequestCategory, MessageDescriptor> = {
  bicycle_maintenance: conversationMessages.quicktyresize,
  food_and_hydration: conversationMessages.quickfoodorwater,
  transportation_need: conversationMessages.quickwhereto,
  other: conversationMessages.quickwhatneed,
}

/**
 * Ready-made messages, one tap each: what each side most often needs to say on the road. The helper says where they
 * are, asks the question of the request's kind and about the place; the one who asked for help says where they are
 * and thanks, whatever the kind.
 */
export function quickRepliesFor(side: ConversationSide, category: RequestCategory): readonly MessageDescriptor[] {
  if (side === 'owner')
    return [
      conversationMessages.quickwhereareyou,
      conversationMessages.quickwaitinghere,
      conversationMessages.quickthanks,
    ]
  return [
    conversationMessages.quickonmyway,
    conversationMessages.quickimhere,
    HELPER_QUESTION[category],
    conversationMessages.quicklocation,
    conversationMessages.quickthanks,
  ]
}
