import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { ConfirmDialog } from '#shared/ui/ConfirmDialog.tsx'
import { setAdminRole, type AdminUser } from './api.ts'
import { usersMessages } from './users-catalog.ts'

interface RoleActionProps {
  user: AdminUser
  /** The server's answer: the user's row with the new role. */
  onChanged: (user: AdminUser) => void
}

/** "Make admin" / "Remove admin", each after a confirmation; never on the admin's own card (the server refuses). */
export function RoleAction({ user, onChanged }: RoleActionProps) {
  const { i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const name = { name: user.user_name }
  const granting = !user.is_admin
  const label = i18n._(granting ? usersMessages.makeadmin : usersMessages.removeadmin)

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-label={i18n._((granting ? usersMessages.makeadminof : usersMessages.removeadminof).id, name)}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={i18n._((granting ? usersMessages.makeadmintitle : usersMessages.removeadmintitle).id, name)}
        confirmLabel={label}
        onConfirm={async () => {
          onChanged(await setAdminRole(user.user_id, granting))
          setOpen(false)
        }}
      >
        <p>{i18n._((granting ? usersMessages.makeadminbody : usersMessages.removeadminbody).id, name)}</p>
      </ConfirmDialog>
    </>
  )
}
