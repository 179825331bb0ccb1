import { useLingui } from '@lingui/react'
import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react'
import { shellMessages } from '../i18n/shell-catalog.ts'
import './Dialog.css'

interface DialogProps {
  open: boolean
  /** Called for the close button, Esc and a tap on the backdrop; the parent then sets `open` to false. */
  onClose: () => void
  title: ReactNode
  children: ReactNode
}

/**
 * A modal built on the native <dialog>: showModal() gives the top layer, makes the page behind inert (focus
 * cannot leave) and closes on Esc. We add focus return to the control that opened it and the backdrop tap.
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const { i18n } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [open])

  // The panel fills the <dialog> box, so a click whose target is the <dialog> itself landed on the backdrop.
  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose()
  }

  // React passes a nested dialog's close event up its component tree: only this dialog's own close counts.
  function closeOnOwnClose(event: SyntheticEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose()
  }

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the backdrop tap is a pointer shortcut; keyboards close with Esc (native) and the close button
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={closeOnOwnClose} onClick={closeOnBackdrop}>
      {open && (
        <div className="dialog__panel">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label={i18n._(shellMessages.close)} onClick={onClose}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  )
}
