import type { MessageDescriptor } from '@lingui/core'
import type { EditedPart } from './list-merge.ts'
import { requestMessages } from './request-catalog.ts'

const PART_NAMES: Record<EditedPart, MessageDescriptor> = {
  description: requestMessages.editedpartdescription,
  location: requestMessages.editedpartlocation,
}

/** What the owner changed, "new description, new location", in the user's language: the notice and the detail. */
export function editedPartsText(parts: readonly EditedPart[], translate: (name: MessageDescriptor) => string): string {
  return parts.map((part) => translate(PART_NAMES[part])).join(', ')
}
