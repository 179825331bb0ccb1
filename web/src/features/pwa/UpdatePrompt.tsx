import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { pwaMessages } from './pwa-catalog.ts'
import { applyUpdate, useUpdateAvailable } from './update.ts'
import './pwa.css'

/**
 * Offers the new version when one is waiting. Never reloads by itself: the user may be typing a request. "Later"
 * hides the offer for this page; the new version starts anyway once every tab of the app is closed.
 */
export function UpdatePrompt() {
  const { i18n } = useLingui()
  const available = useUpdateAvailable()
  const [dismissed, setDismissed] = useState(false)
  if (!available || dismissed) return null
  return (
    <section className="update-prompt" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text" role="status" className="update-prompt__text">
        {i18n._(pwaMessages.updateavailable)}
      </p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--secondary" onClick={() => setDismissed(true)}>
          {i18n._(pwaMessages.updatelater)}
        </button>
        <button type="button" className="button button--primary" onClick={applyUpdate}>
          {i18n._(pwaMessages.updatereload)}
        </button>
      </div>
    </section>
  )
}
