import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { useOnline } from '#shared/hooks/useOnline.ts'
import { type RequestCategory, descriptionError } from '#features/requests'
import { outboxMessages } from './outbox-catalog.ts'
import { SmsFallback } from './SmsFallback.tsx'
import './outbox.css'

interface OfflineRequestHintProps {
  category: RequestCategory | null
  description: string
  location: Coordinates | null
}

/**
 * In the new request form while the phone is offline (docs/outbox.md): the request will wait on the phone, and once
 * the category and description are filled in, the SMS fallback offers the same request as a text message.
 */
export function OfflineRequestHint({ category, description, location }: OfflineRequestHintProps) {
  const { i18n } = useLingui()
  const online = useOnline()
  if (online) return null
  return (
    <div className="form-message form-message--warning outbox-offline">
      <p>{i18n._(outboxMessages.outboxofflinehint)}</p>
      {category && descriptionError(description) === null && (
        <SmsFallback category={category} description={description} location={location} />
      )}
    </div>
  )
}
