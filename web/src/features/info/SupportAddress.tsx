import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { infoMessages } from './info-catalog.ts'
import { useSupportEmail } from './support.ts'
import { SupportEmailLink } from './SupportEmailLink.tsx'

type CopyState = 'idle' | 'copied' | 'failed'

/** The support address with a copy button; the result is announced in a live region. */
export function SupportAddress() {
  const { i18n } = useLingui()
  const email = useSupportEmail()
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  async function copy(text: string) {
    window.clearTimeout(timer.current)
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
      timer.current = window.setTimeout(() => setState('idle'), 4000)
    } catch {
      setState('failed')
    }
  }

  return (
    <>
      <p className="support">
        <SupportEmailLink email={email} />
        {email !== null && email !== 'failed' && (
          <button type="button" className="button button--secondary" onClick={() => void copy(email.address)}>
            {i18n._(infoMessages.copyaddress)}
          </button>
        )}
      </p>
      <p role="status" className="page__hint">
        {state === 'copied' && i18n._(infoMessages.addresscopied)}
        {state === 'failed' && i18n._(infoMessages.copyfailed)}
      </p>
    </>
  )
}
