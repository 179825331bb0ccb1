import { useLingui } from '@lingui/react'
import { useRef, useState } from 'react'
import { changePassword, passwordError } from '#features/account'
import { accountMessages } from './account-catalog.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { check } from '#shared/form/field-error.ts'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormError } from '#shared/form/FormError.tsx'
import { NewPasswordField } from '#shared/form/NewPasswordField.tsx'
import { PasswordField } from '#shared/form/PasswordField.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'

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
