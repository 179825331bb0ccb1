import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { messageKeyOf } from '../api/server-error-texts.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { FieldError } from './field-error.ts'

export interface ActionError {
  key: MessageKey
  /** The field it belongs to; without one the form shows it as a whole. */
  field: string | null
}

/**
 * Runs one submit at a time and turns its failure into a message key. `fieldOf` places server answers
 * (e.g. usernameexists) at their field; client checks name theirs with FieldError.
 */
export function useAction(
  fieldOf: (key: MessageKey) => string | null = () => null,
  /** An error carried over from elsewhere, e.g. a later wizard step sending the user back to fix a field. */
  initialError: ActionError | null = null,
) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ActionError | null>(initialError)
  const running = useRef(false)
  // The latest fieldOf (callers pass a new function each render) without giving `run` a new identity each render.
  const fieldOfRef = useRef(fieldOf)
  useEffect(() => {
    fieldOfRef.current = fieldOf
  })

  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    // A second tap while the first is on its way does nothing: no double registration, no second SMS.
    if (running.current) return false
    running.current = true
    setBusy(true)
    setError(null)
    try {
      await action()
      return true
    } catch (caught) {
      const key = messageKeyOf(caught)
      if (key === 'genericerror') console.error(caught)
      setError({ key, field: caught instanceof FieldError ? caught.field : fieldOfRef.current(key) })
      return false
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])

  /** A form's onSubmit: the action runs instead of the browser's own submit, which would reload the page. */
  const submitWith = useCallback(
    (action: () => Promise<void>) => (event: FormEvent) => {
      event.preventDefault()
      void run(action)
    },
    [run],
  )

  return { busy, error, setError, run, submitWith }
}
