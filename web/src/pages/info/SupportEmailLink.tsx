import { useLingui } from '@lingui/react'
import { infoMessages } from './info-messages.ts'

interface SupportEmailLinkProps {
  /** From useSupportEmail(). */
  address: string | null | 'failed'
}

/** The support address as a mailto: link, or why it is not there yet. */
export function SupportEmailLink({ address }: SupportEmailLinkProps) {
  const { i18n } = useLingui()
  if (address === null) return <span aria-busy="true">{i18n._(infoMessages.supportaddressloading)}</span>
  if (address === 'failed') return <span role="alert">{i18n._(infoMessages.supportaddressfailed)}</span>
  return (
    <a className="support__address" href={`mailto:${address}`}>
      {address}
    </a>
  )
}
