import { Trans, useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { shellMessages } from '../i18n/shell-messages.ts'
import { SimplePage } from './SimplePage.tsx'

interface ComingSoonPageProps {
  title: MessageDescriptor
}

/** Holds the place of a screen a later update builds: says so plainly instead of showing a form that does nothing. */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  const { i18n } = useLingui()
  return (
    <SimplePage title={i18n._(title)}>
      <p className="page__badge">{i18n._(shellMessages.comingsoon)}</p>
      <p className="page__text">
        <Trans id="comingsoontext" message="This screen is not ready yet. It will come in an upcoming update of the app." />
      </p>
    </SimplePage>
  )
}
