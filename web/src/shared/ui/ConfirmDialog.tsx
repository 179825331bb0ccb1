import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { formMessages } from '../form/form-catalog.ts'
import { messages } from '../i18n/catalog.ts'
import { Dialog } from './Dialog.tsx'
import { FormActions } from '../form/FormActions.tsx'
import { FormMessage } from '../form/FormMessage.tsx'
import { useAction } from '../form/useAction.ts'

interface ConfirmDialogProps {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  confirmLabel: string
  /** Runs on confirm; a throw is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>
  danger?: boolean
}

/** A yes/no question before something that cannot be taken back (delete the account, release a request). */
export function ConfirmDialog({ open, onClose, title, children, confirmLabel, onConfirm, danger }: ConfirmDialogProps) {
  const { i18n } = useLingui()
  const { busy, error, submitWith } = useAction()

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form className="form" noValidate onSubmit={submitWith(onConfirm)}>
        <div className="prose">{children}</div>
        <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
        <FormActions
          className="dialog__actions"
          leaveLabel={i18n._(formMessages.cancel)}
          onLeave={onClose}
          busy={busy}
          variant={danger ? 'danger' : 'primary'}
        >
          {confirmLabel}
        </FormActions>
      </form>
    </Dialog>
  )
}
