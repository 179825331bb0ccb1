import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { PhoneLink } from '#shared/phone/PhoneLink.tsx'
import { viewPhone, type AdminUser } from './api.ts'
import { usersMessages } from './users-catalog.ts'

interface PhoneRevealProps {
  user: AdminUser
  /** The id of the note saying that each look is recorded: read with the button. */
  noteId: string
}

/**
 * A user's phone number only on an explicit click: each click is one recorded look (the server logs it as it
 * reads the number), so the number is never fetched ahead and is forgotten with the card.
 */
export function PhoneReveal({ user, noteId }: PhoneRevealProps) {
  const { i18n } = useLingui()
  const [phone, setPhone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const link = useRef<HTMLAnchorElement>(null)

  // The button the admin pressed is gone: focus goes to what replaced it, not back to the page's start.
  useEffect(() => {
    if (phone) link.current?.focus()
  }, [phone])

  const show = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      setPhone((await viewPhone(user.user_id)).phone)
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }

  if (phone)
    return (
      <p className="user-card__phone">
        <PhoneLink ref={link} phone={phone} />
      </p>
    )
  return (
    <div className="user-card__phone">
      <button
        type="button"
        className="button button--secondary"
        aria-label={i18n._(usersMessages.showphonefor.id, { name: user.user_name })}
        aria-describedby={noteId}
        aria-disabled={busy || undefined}
        onClick={() => void show()}
      >
        {busy ? i18n._(formMessages.pleasewait) : i18n._(usersMessages.showphone)}
      </button>
      <FormMessage tone="error" text={error ? i18n._(messages[messageKeyOf(error)]) : null} />
    </div>
  )
}
