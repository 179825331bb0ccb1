import { useLingui } from '@lingui/react'
import { useRef, useState } from 'react'
import { changePassword } from '../../api/user.ts'
import { accountMessages } from '../../i18n/account-messages.ts'
import { formMessages } from '../../i18n/form-messages.ts'
import { messages, type MessageKey } from '../../i18n/messages.ts'
import { passwordError } from '../../validation/user.ts'
import { Dialog } from '../Dialog.tsx'
import { check } from '../form/field-error.ts'
import { FormActions } from '../form/FormActions.tsx'
import { FormError } from '../form/FormError.tsx'
import { NewPasswordField } from '../form/NewPasswordField.tsx'
import { PasswordField } from '../form/PasswordField.tsx'
import { useAction } from '../form/useAction.ts'
import { useFocusOnError } from '../form/useFocusOnError.ts'

const passwordFieldOf = (key: MessageKey) =>
  key === 'invalidpassword' ? 'oldPassword' : key === 'passwordtooshort' ? 'newPassword' : null

interface ChangePasswordDialogProps {
  open: boolean
  onClose: () => void
  onChanged: () => void
}

/** The change-password dialog of the account section: the current password, then the new one. */
export function ChangePasswordDialog({ open, onClose, onChanged }: ChangePasswordDialogProps) {
  const { i18n } = useLingui()
  return (
    <Dialog open={open} onClose={onClose} title={i18n._(accountMessages.changepassword)}>
      {/* Mounted only while open, so every opening starts empty. */}
      {open && <ChangePasswordForm onCancel={onClose} onChanged={onChanged} />}
    </Dialog>
  )
}

function ChangePasswordForm({ onCancel, onChanged }: { onCancel: () => void; onChanged: () => void }) {
  const { i18n } = useLingui()
  const [oldPassword, setOldPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const { busy, error, submitWith } = useAction(passwordFieldOf)
  const oldPasswordRef = useRef<HTMLInputElement>(null)
  const newPasswordRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { oldPassword: oldPasswordRef, newPassword: newPasswordRef })
  const errorOf = (field: string) => (error?.field === field ? i18n._(messages[error.key]) : null)

  async function save() {
    check(oldPassword === '' ? 'fillallfields' : null, 'oldPassword')
    check(passwordError(newPassword), 'newPassword')
    await changePassword(oldPassword, newPassword)
    onChanged()
  }

  return (
    <form className="form" noValidate onSubmit={submitWith(save)}>
      <PasswordField
        ref={oldPasswordRef}
        label={i18n._(formMessages.oldpassword)}
        name="current-password"
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
        error={errorOf('oldPassword')}
      />
      <NewPasswordField
        ref={newPasswordRef}
        label={i18n._(formMessages.newpassword)}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={errorOf('newPassword')}
      />
      <FormError error={error} />
      <FormActions className="dialog__actions" leaveLabel={i18n._(formMessages.cancel)} onLeave={onCancel} busy={busy}>
        {i18n._(formMessages.save)}
      </FormActions>
    </form>
  )
}
