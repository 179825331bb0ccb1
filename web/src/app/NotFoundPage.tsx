import { useLingui } from '@lingui/react'
import { messages } from '#shared/i18n/catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { SimplePage } from '#shared/layout/SimplePage.tsx'

/** Any path outside the route table. */
export function NotFoundPage() {
  const { i18n } = useLingui()
  return (
    <SimplePage title={i18n._(shellMessages.notfoundtitle)}>
      <p className="page__text">{i18n._(messages.notfound)}</p>
    </SimplePage>
  )
}
