import type { ReactNode } from 'react'
import { SubmitButton } from './SubmitButton.tsx'

interface FormActionsProps {
  /** The way out: Back in a wizard, Cancel in a form or dialog. */
  leaveLabel: string
  onLeave: () => void
  busy: boolean
  /** The forward action's label. */
  children: ReactNode
  variant?: 'primary' | 'danger'
  /** Dialogs space their buttons their own way (dialog__actions). */
  className?: string
  /** The forward action sends what the user wrote: "Sending…" when it takes long (SubmitButton). */
  sends?: boolean
}

/** The two buttons at a form's end: the way out first, the forward one last, where the right thumb rests. */
export function FormActions({
  leaveLabel,
  onLeave,
  busy,
  children,
  variant,
  className = 'form__actions form__actions--row',
  sends,
}: FormActionsProps) {
  return (
    <div className={className}>
      <button type="button" className="button button--secondary" onClick={onLeave}>
        {leaveLabel}
      </button>
      <SubmitButton busy={busy} variant={variant} sends={sends}>
        {children}
      </SubmitButton>
    </div>
  )
}
