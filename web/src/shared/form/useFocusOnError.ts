import { useEffect, useEffectEvent, type RefObject } from 'react'
import type { ActionError } from './useAction.ts'

/** Moves focus to the field an error belongs to, so the error is read with it and the fix starts there. */
export function useFocusOnError(
  error: ActionError | null,
  fields: Readonly<Record<string, RefObject<HTMLInputElement | null>>>,
): void {
  // `fields` is a new object each render by design: read at the time, so only a new error moves focus.
  const focus = useEffectEvent((field: string) => fields[field]?.current?.focus())
  useEffect(() => {
    if (error?.field) focus(error.field)
  }, [error])
}
