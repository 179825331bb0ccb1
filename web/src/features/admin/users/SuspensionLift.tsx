import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { ConfirmDialog } from '#shared/ui/ConfirmDialog.tsx'
import { liftSuspension, type AdminUser } from './api.ts'
import { usersMessages } from './users-catalog.ts'

interface SuspensionLiftProps {
  user: AdminUser
  /** The user's row with the decision lifted. */
  onChanged: (user: AdminUser) => void
}

/**
 * "Lift" on the card of a suspended or banned user, after a confirmation (docs/admin.md, "Users"): they may log in
 * again at once and their open requests show again.
 */
export function SuspensionLift({ user, onChanged }: SuspensionLiftProps) {
  const { i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const name = { name: user.user_name }
  const label = i18n._(usersMessages.liftsuspension)
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-label={i18n._(usersMessages.liftsuspensionof.id, name)}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={i18n._(usersMessages.liftsuspensiontitle.id, name)}
        confirmLabel={label}
        onConfirm={async () => {
          await liftSuspension(user.user_id)
          onChanged({ ...user, suspension: null })
          setOpen(false)
        }}
      >
        <p>{i18n._(usersMessages.liftsuspensionbody.id, name)}</p>
      </ConfirmDialog>
    </>
  )
}
