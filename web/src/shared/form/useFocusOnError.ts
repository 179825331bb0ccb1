import { useEffect, useEffectEvent, type RefObject } from 'react'
import type { ActionError } from './useAction.ts'

/**
 * Moves focus to the field an error belongs to, so the error is read with it and the fix starts there, and brings it
 * to the middle of the screen: on a phone the form's Send button is often a screenful below the field that is missing
 * (docs/product.md#help-requests), and a field scrolled just to the edge hides its label or its message.
 */
export function useFocusOnError(
  error: ActionError | null,
  fields: Readonly<Record<string, RefObject<HTMLElement | null>>>,
): void {
  // `fields` is a new object each render by design: read at the time, so only a new error moves focus.
  const focus = useEffectEvent((field: string) => {
    const element = fields[field]?.current
    if (!element) return
    element.focus({ preventScroll: true })
    element.scrollIntoView({ block: 'center' })
  })
  useEffect(() => {
    if (error?.field) focus(error.field)
  }, [error])
}
