import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { type RequestCategory, categoryNames } from '#features/requests'
import { outboxMessages } from './outbox-catalog.ts'
import { smsLink, smsText } from './sms.ts'
import './outbox.css'

interface SmsFallbackProps {
  category: RequestCategory
  description: string
  location: Coordinates | null
  /** The request's share link, where the request exists and one is live. */
  shareUrl?: string | null
}

/**
 * "Send by SMS to someone you trust" (docs/outbox.md): with signal for texts but none for data, the messaging app
 * opens with the request written out (category, description, an OpenStreetMap link to the point) and the user picks
 * who gets it. The app sends nothing itself.
 */
export function SmsFallback({ category, description, location, shareUrl }: SmsFallbackProps) {
  const { i18n } = useLingui()
  const text = smsText({
    intro: i18n._(outboxMessages.outboxsmsintro),
    category: i18n._(categoryNames[category]),
    description,
    location,
    shareUrl,
    followLabel: i18n._(outboxMessages.outboxsmsfollow),
  })
  return (
    <div className="outbox-sms">
      <a className="button button--secondary outbox-sms__link" href={smsLink(text)}>
        {i18n._(outboxMessages.outboxsms)}
      </a>
      <p className="field__hint">{i18n._(outboxMessages.outboxsmshint)}</p>
    </div>
  )
}
