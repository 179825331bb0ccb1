import { useLingui } from '@lingui/react'
import { shellMessages } from '../i18n/shell-catalog.ts'
import './LoadFailure.css'

interface LoadFailureProps {
  onRetry: () => void
  /** A dialog that could not be loaded: it floats above the screen, and can be closed. */
  onClose?: (() => void) | undefined
}

/** "This part of the app could not be loaded. Check your connection." with "Try again" (ScreenBoundary). */
export function LoadFailure({ onRetry, onClose }: LoadFailureProps) {
  const { i18n } = useLingui()
  return (
    <div className={onClose ? 'load-failure load-failure--floating' : 'load-failure'} role="alert">
      <p className="load-failure__text">{i18n._(shellMessages.screenloadfailed)}</p>
      <div className="load-failure__actions">
        {onClose && (
          <button type="button" className="button button--secondary" onClick={onClose}>
            {i18n._(shellMessages.close)}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onRetry}>
          {i18n._(shellMessages.tryagain)}
        </button>
      </div>
    </div>
  )
}
