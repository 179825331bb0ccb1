import { useEffect, type RefObject } from 'react'
import type { ActionError } from './useAction.ts'

/** Moves focus to the field an error belongs to, so the error is read with it and the fix starts there. */
export function useFocusOnError(
  error: ActionError | null,
  fields: Readonly<Record<string, RefObject<HTMLInputElement | null>>>,
): void {
  useEffect(() => {
    if (error?.field) fields[error.field]?.current?.focus()
    // `fields` is a new object each render by design; only a new error moves focus.
  }, [error])
}
