import { useLingui } from '@lingui/react'
import { infoMessages } from './info-catalog.ts'
import type { SupportEmail } from './support.ts'
import './SupportAddress.css'

interface SupportEmailLinkProps {
  /** From useSupportEmail(). */
  email: SupportEmail | null | 'failed'
}

/** The support address as a mailto: link, or why it is not there yet. */
export function SupportEmailLink({ email }: SupportEmailLinkProps) {
  const { i18n } = useLingui()
  if (email === null) return <span aria-busy="true">{i18n._(infoMessages.supportaddressloading)}</span>
  if (email === 'failed') return <span role="alert">{i18n._(infoMessages.supportaddressfailed)}</span>
  const { address } = email
  return (
    <a className="support__address" href={`mailto:${address}`}>
      {address}
    </a>
  )
}
