import { Trans, useLingui } from '@lingui/react'
import { useState } from 'react'
import { Link } from 'wouter'
import { accountMessages } from './account-catalog.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectIsLoggedIn } from '#features/account'
import { ConfirmDialog } from '#shared/ui/ConfirmDialog.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { outboxMessages } from '#features/outbox'

interface SessionRowProps {
  /** Closes the settings modal: after logging out, and when the login link leaves for /login. */
  onDone: () => void
}

/** The last row of the settings: log out (after a confirmation) when logged in, a login link otherwise. */
export function SessionRow({ onDone }: SessionRowProps) {
  const { i18n } = useLingui()
  const loggedIn = useStore(selectIsLoggedIn)
  const logOut = useStore((state) => state.logOut)
  const [confirming, setConfirming] = useState(false)
  // A logout empties the outbox (docs/outbox.md): what still waits there is said before it goes.
  const unsent = useStore((state) => state.outbox.filter((entry) => entry.status === 'waiting').length)

  if (!loggedIn) {
    return (
      <div className="settings-row">
        <Link href="/login" className="button button--primary button--block" onClick={onDone}>
          {i18n._(screenTitles.login)}
        </Link>
      </div>
    )
  }
  return (
    <div className="settings-row">
      <button
        type="button"
        className="button button--secondary button--block"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {i18n._(accountMessages.logout)}
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={i18n._(accountMessages.logout)}
        confirmLabel={i18n._(accountMessages.logout)}
        onConfirm={async () => {
          await logOut()
          setConfirming(false)
          onDone()
        }}
      >
        <p>
          <Trans
            id="logoutquestion"
            message="Do you want to log out? You can log in again with your username or phone number."
          />
        </p>
        <FormMessage
          tone="warning"
          text={unsent > 0 ? i18n._(outboxMessages.outboxlogoutwarning.id, { count: unsent }) : null}
        />
      </ConfirmDialog>
    </div>
  )
}
