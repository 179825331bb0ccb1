import { ErrorIcon } from './FieldErrorMessage.tsx'
import './Form.css'

interface FormMessageProps {
  /** Translated text; nothing renders without one. */
  text: string | null | undefined
  tone: 'error' | 'success' | 'warning'
}

/**
 * A message about the whole form or section. Errors are alerts (read out at once); successes and warnings are
 * polite status messages. The live region stays in the page so a new text in it is announced.
 */
export function FormMessage({ text, tone }: FormMessageProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="form-message__region">
      {text && (
        <p className={`form-message form-message--${tone}`}>
          {tone === 'success' ? <SuccessIcon /> : <ErrorIcon />}
          <span>{text}</span>
        </p>
      )}
    </div>
  )
}

function SuccessIcon() {
  return (
    <svg className="field__error-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M7 12.5l3.2 3.2L17 9"
        fill="none"
        stroke="var(--color-surface-raised)"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
