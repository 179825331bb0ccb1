import { useLingui } from '@lingui/react'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import './SettingsButton.css'

interface SettingsButtonProps {
  onClick: () => void
}

/** Opens the settings modal (docs/product.md#screens-and-routes: the settings button of the top bar). */
export function SettingsButton({ onClick }: SettingsButtonProps) {
  const { i18n } = useLingui()
  return (
    <button type="button" className="settings-button" aria-haspopup="dialog" onClick={onClick}>
      <svg className="settings-button__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M19.14 12.94a7.07 7.07 0 0 0 0-1.88l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7.03 7.03 0 0 0-1.63-.94l-.36-2.54a.5.5 0 0 0-.5-.42h-3.84a.5.5 0 0 0-.5.42l-.36 2.54c-.59.24-1.13.56-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.71 8.84a.5.5 0 0 0 .12.64l2.03 1.58a7.07 7.07 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32c.13.22.39.3.6.22l2.39-.96c.5.38 1.04.7 1.63.94l.36 2.54c.05.24.25.42.5.42h3.84c.25 0 .45-.18.5-.42l.36-2.54c.59-.24 1.13-.56 1.63-.94l2.39.96c.22.08.47 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64l-2.03-1.58ZM12 15.6a3.6 3.6 0 1 1 0-7.2 3.6 3.6 0 0 1 0 7.2Z"
        />
      </svg>
      <span className="settings-button__label">{i18n._(shellMessages.settings)}</span>
    </button>
  )
}
