import { useLingui } from '@lingui/react'
import { messages } from '../i18n/catalog.ts'
import { FormMessage } from './FormMessage.tsx'
import type { ActionError } from './useAction.ts'

/** The error about the form as a whole; one that belongs to a field is shown under that field instead. */
export function FormError({ error }: { error: ActionError | null }) {
  const { i18n } = useLingui()
  return <FormMessage tone="error" text={error && !error.field ? i18n._(messages[error.key]) : null} />
}
