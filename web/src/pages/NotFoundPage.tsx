import { useLingui } from '@lingui/react'
import { messages } from '../i18n/messages.ts'
import { shellMessages } from '../i18n/shell-messages.ts'
import { SimplePage } from './SimplePage.tsx'

/** Any path outside the route table. */
export function NotFoundPage() {
  const { i18n } = useLingui()
  return (
    <SimplePage title={i18n._(shellMessages.notfoundtitle)}>
      <p className="page__text">{i18n._(messages.notfound)}</p>
    </SimplePage>
  )
}
