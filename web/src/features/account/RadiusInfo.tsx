import { Trans, useLingui } from '@lingui/react'
import { useState } from 'react'
import { formMessages } from '#shared/form/form-catalog.ts'
import { wizardMessages } from './wizard/wizard-catalog.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'

/** The "i" next to a radius field, and the popup that explains the radius (docs/product.md#accounts). */
export function RadiusInfo() {
  const { i18n } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="info-button"
        aria-haspopup="dialog"
        aria-label={i18n._(formMessages.radiusinfo)}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 10.5v6.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="12" cy="7.2" r="1.5" fill="currentColor" />
        </svg>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={i18n._(wizardMessages.radiusinfotitle)}>
        <div className="prose">
          <p>
            <Trans
              id="radiusinfo1"
              message="The radius is a distance in kilometres around your location. You are notified of help requests within it, and requests farther away are hidden unless you choose to show all."
            />
          </p>
          <p>
            <Trans
              id="radiusinfo2"
              message="A small radius suits riding in town, a larger one the countryside. You can change it later in Settings."
            />
          </p>
          <p>
            <Trans
              id="radiusinfo3"
              message="If you do not share your location, you see all requests and get all notifications."
            />
          </p>
        </div>
      </Dialog>
    </>
  )
}
