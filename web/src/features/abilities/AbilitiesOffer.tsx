import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { selectUser } from '#features/account'
import { abilityMessages } from './abilities-catalog.ts'
import { abilitiesOffered, answerAbilitiesOffer } from './abilities-offer.ts'
import { AbilitiesForm } from './AbilitiesForm.tsx'

/**
 * The one optional step after registering: "What can you help with?" with the form of the settings section and a
 * Skip button beside Save, in view however far the list is scrolled. Saving or skipping (or closing the dialog)
 * answers it for good on this device; either way the main screen goes on as it would have.
 */
export function AbilitiesOffer() {
  const { i18n } = useLingui()
  const userId = useStore(selectUser)?.user_id ?? null
  // Read once: the flag is set by the registration just before this screen, and cleared only here.
  const [open, setOpen] = useState(() => userId !== null && abilitiesOffered(userId))
  if (userId === null || !open) return null

  const close = () => {
    answerAbilitiesOffer(userId)
    setOpen(false)
  }

  return (
    <Dialog open onClose={close} title={i18n._(abilityMessages.abilitiesquestion)}>
      <AbilitiesForm
        onSaved={close}
        secondary={
          <button type="button" className="button button--secondary button--block" onClick={close}>
            {i18n._(abilityMessages.abilitiesskip)}
          </button>
        }
      />
    </Dialog>
  )
}
