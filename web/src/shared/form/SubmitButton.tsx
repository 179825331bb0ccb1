import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { useTakingLong } from '../hooks/useTakingLong.ts'
import { formMessages } from './form-catalog.ts'

interface SubmitButtonProps {
  busy: boolean
  children: ReactNode
  variant?: 'primary' | 'danger'
  /** The action sends something the user wrote: after 2 s busy it says "Sending…" (docs/outbox.md). */
  sends?: boolean
}

/**
 * The form's main action. While busy it keeps its place and focus (aria-disabled rather than disabled, which
 * would drop focus to the page) and shows a spinner; the action itself ignores a second tap.
 */
export function SubmitButton({ busy, children, variant = 'primary', sends = false }: SubmitButtonProps) {
  const { i18n } = useLingui()
  const slow = useTakingLong(busy && sends)
  return (
    <button type="submit" className={`button button--${variant} button--block`} aria-disabled={busy || undefined}>
      {busy ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {/* The spinner alone says nothing to a screen reader. */}
          <span>{i18n._(slow ? formMessages.sending : formMessages.pleasewait)}</span>
        </>
      ) : (
        children
      )}
    </button>
  )
}
