import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import './QuickReplies.css'

interface QuickRepliesProps {
  /** The group's name for screen readers ("Quick replies"). */
  label: string
  replies: readonly MessageDescriptor[]
  disabled: boolean
  /** Called with the reply in the user's language, as it is sent. */
  onPick: (text: string) => void
}

/** Ready-made words, one tap each: for a gloved hand at the roadside, typing is the slow way. */
export function QuickReplies({ label, replies, disabled, onPick }: QuickRepliesProps) {
  const { i18n } = useLingui()
  return (
    <div className="quick-replies" role="group" aria-label={label}>
      {replies.map((reply) => (
        <button
          key={reply.id}
          type="button"
          className="button button--secondary quick-replies__reply"
          disabled={disabled}
          onClick={() => onPick(i18n._(reply))}
        >
          {i18n._(reply)}
        </button>
      ))}
    </div>
  )
}
