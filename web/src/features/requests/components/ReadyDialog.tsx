import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { KeyedError } from '#shared/api/errors.ts'
import { setReady, type HelpRequest } from '../api.ts'
import { type Thanks, ThanksForm, thanksMessages } from '#features/thanks'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { requestMessages } from '../request-catalog.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useAction } from '#shared/form/useAction.ts'

interface ReadyDialogProps {
  open: boolean
  onClose: () => void
  request: HelpRequest
  onReady: (request: HelpRequest) => void
  onThanked: (thanks: Thanks) => void
}

/**
 * docs/product.md#help-requests: a warning, then yes or no on whether help came; the confirm button stays disabled
 * until one is chosen. The owner who got help from someone is then offered to thank them
 * (docs/product.md#thanks-and-helped-counts), which they may skip.
 */
export function ReadyDialog({ open, onClose, request, onReady, onThanked }: ReadyDialogProps) {
  const { i18n } = useLingui()
  const [gotHelp, setGotHelp] = useState<boolean | null>(null)
  /** Set once marked ready with help from a helper: the dialog's second step thanks them. */
  const [thanking, setThanking] = useState<{ helperName: string } | null>(null)
  const { busy, error, submitWith } = useAction()

  const submit = submitWith(async () => {
    if (gotHelp === null) return
    // The completed request no longer names its helper: who it was is read before.
    const helperName = request.responder_user_name
    let ready: HelpRequest
    try {
      ready = await setReady(request.request_id, gotHelp)
    } catch (caught) {
      throw new KeyedError('genericerror', caught)
    }
    onReady(ready)
    if (gotHelp && request.isOwnRequest && helperName !== null) setThanking({ helperName })
    else onClose()
  })

  if (thanking) {
    const close = () => {
      setThanking(null)
      onClose()
    }
    return (
      <Dialog open={open} onClose={close} title={i18n._(thanksMessages.thankshelper)}>
        <div className="form">
          <p>{i18n._(thanksMessages.thanksintro.id, { name: thanking.helperName })}</p>
          <ThanksForm
            requestId={request.request_id}
            onSent={(thanks) => {
              onThanked(thanks)
              close()
            }}
            onQueued={close}
            onSkip={close}
          />
        </div>
      </Dialog>
    )
  }

  return (
    <Dialog open={open} onClose={onClose} title={i18n._(requestMessages.readytitle)}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="form-message form-message--warning">{i18n._(requestMessages.readywarning)}</p>
        <fieldset className="choice-list">
          <legend className="field__label">{i18n._(requestMessages.gothelpquestion)}</legend>
          <label className="choice">
            <input type="radio" name="got-help" checked={gotHelp === true} onChange={() => setGotHelp(true)} />
            <span className="choice__label">{i18n._(requestMessages.yes)}</span>
          </label>
          <label className="choice">
            <input type="radio" name="got-help" checked={gotHelp === false} onChange={() => setGotHelp(false)} />
            <span className="choice__label">{i18n._(requestMessages.no)}</span>
          </label>
        </fieldset>
        <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {i18n._(formMessages.cancel)}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={gotHelp === null}
            aria-disabled={busy || undefined}
          >
            {busy ? i18n._(formMessages.pleasewait) : i18n._(requestMessages.markready)}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
