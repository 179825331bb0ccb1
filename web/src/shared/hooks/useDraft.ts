import { useState } from 'react'
import { draftKey, readDraft, writeDraft } from '../storage/drafts.ts'

/**
 * State kept as a draft of `userId` under `name` (none without a user): starts from the stored draft, else `empty`;
 * `discard` (after sending) deletes it and starts over from `empty`.
 */
export function useDraft<T>(
  userId: number | undefined,
  name: string,
  empty: T,
): [T, (next: T) => void, discard: () => void] {
  const key = userId === undefined ? null : draftKey(userId, name)
  const [value, setValue] = useState<T>(() => (key ? readDraft<T>(key) : null) ?? empty)
  const change = (next: T) => {
    setValue(next)
    if (key) writeDraft(key, next)
  }
  const discard = () => {
    setValue(empty)
    if (key) writeDraft(key, null)
  }
  return [value, change, discard]
}
