import { useState } from 'react'
import { LazySettingsModal } from './LazySettingsModal.tsx'
import { SettingsButton } from './SettingsButton.tsx'

/** The top bar's settings button with the modal it opens: what a screen puts at the end of its top bar. */
export function SettingsEntry() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <SettingsButton onClick={() => setOpen(true)} />
      <LazySettingsModal open={open} onClose={() => setOpen(false)} />
    </>
  )
}
