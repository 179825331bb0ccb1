import { Trans, useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import {
  USER_NAME_MAX,
  changeUsername,
  deleteAccount,
  fetchUserCount,
  selectIsAdmin,
  selectUser,
  usernameError,
} from '#features/account'
import { accountMessages } from './account-catalog.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { usePhoneDisplay } from '#shared/phone/display.ts'
import { useStore } from '#shared/store/store.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx'
import { ConfirmDialog } from '#shared/ui/ConfirmDialog.tsx'
import { EditableField } from './EditableField.tsx'
import { HelpedCount } from '#features/thanks'

/**
 * The account section: username (editable), phone (read-only), change password, delete account, how many cyclists
 * the user has helped, the admin's user count.
 */
export function AccountSection() {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const isAdmin = useStore(selectIsAdmin)
  const updateUser = useStore((state) => state.updateUser)
  const endSession = useStore((state) => state.endSession)
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null)
  const [passwordChanged, setPasswordChanged] = useState(false)
  const [userCount, setUserCount] = useState<number | null>(null)
  const phone = usePhoneDisplay(user?.phone ?? '')

  useEffect(() => {
    if (!isAdmin) return
    fetchUserCount()
      .then(setUserCount)
      .catch((error: unknown) => console.error('Fetching the user count failed', error))
  }, [isAdmin])

  if (!user) return null
  return (
    <div className="settings-panel">
      <EditableField
        label={i18n._(formMessages.username)}
        editLabel={i18n._(accountMessages.editusername)}
        value={user.user_name}
        validate={usernameError}
        save={async (name) => updateUser(await changeUsername(name))}
        input={{ name: 'username', autoComplete: 'username', maxLength: USER_NAME_MAX + 8 }}
      />
      <TextField label={i18n._(formMessages.phone)} value={phone} readOnly type="tel" name="phone" />
      <div className="settings-panel__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-haspopup="dialog"
          onClick={() => {
            setPasswordChanged(false)
            setDialog('password')
          }}
        >
          {i18n._(accountMessages.changepassword)}
        </button>
        <FormMessage tone="success" text={passwordChanged ? i18n._(messages.passwordchanged) : null} />
        <button
          type="button"
          className="button button--secondary button--danger-outline"
          aria-haspopup="dialog"
          onClick={() => setDialog('delete')}
        >
          {i18n._(accountMessages.deleteaccount)}
        </button>
      </div>
      <HelpedCount />
      {isAdmin && userCount !== null && (
        <p className="settings-panel__note">{i18n._(accountMessages.usercount.id, { count: userCount })}</p>
      )}

      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        onChanged={() => {
          setDialog(null)
          setPasswordChanged(true)
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={i18n._(accountMessages.deleteaccount)}
        confirmLabel={i18n._(accountMessages.deleteaccountconfirm)}
        danger
        onConfirm={async () => {
          await deleteAccount()
          // docs/product.md#accounts: token and user are cleared and the page reloads, so nothing of the account stays
          // in memory.
          endSession()
          location.reload()
        }}
      >
        <p>
          <Trans
            id="deleteaccounttext"
            message="Your account, your help requests and your details are deleted for good. This cannot be undone."
          />
        </p>
        <p>
          <Trans id="deleteaccountquestion" message="Do you want to delete your account?" />
        </p>
      </ConfirmDialog>
    </div>
  )
}
