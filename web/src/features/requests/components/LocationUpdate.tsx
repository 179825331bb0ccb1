import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { KeyedError } from '#shared/api/errors.ts'
import { updateRequestLocation, type HelpRequest } from '../api.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { requestMessages } from '../request-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { SubmitButton } from '#shared/form/SubmitButton.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { selectPosition } from '#features/account'
import type { Coordinates } from '#shared/api/types.ts'
import { PlacePoint } from './PlacePoint.tsx'

interface LocationUpdateProps {
  request: HelpRequest
  update: (request: HelpRequest) => void
}

/**
 * The owner moves the request to where they are now, or to a point they placed on the map, approximate or exact
 * (default: as the request is). No position gives locationfailed, any other failure genericerror (docs/product.md#messages).
 */
export function LocationUpdate({ request, update }: LocationUpdateProps) {
  const { i18n } = useLingui()
  const locate = useStore((s) => s.locate)
  const position = useStore(selectPosition)
  const [placed, setPlaced] = useState<Coordinates | null>(null)
  const [approximate, setApproximate] = useState(request.isApproximate)
  const [done, setDone] = useState(false)
  const { busy, error, submitWith } = useAction()

  const submit = submitWith(async () => {
    setDone(false)
    // A point placed on the map is where the owner says they are; else the phone is asked again.
    const target = placed ?? (await locate())
    if (!target) throw new KeyedError('locationfailed')
    try {
      update(await updateRequestLocation(request.request_id, target, approximate))
    } catch (caught) {
      throw new KeyedError('genericerror', caught)
    }
    setPlaced(null)
    setDone(true)
  })

  return (
    <form className="form location-update" noValidate onSubmit={submit}>
      <fieldset className="segmented">
        <legend className="visually-hidden">{i18n._(requestMessages.locationchoice)}</legend>
        <label className="segmented__option">
          <input type="radio" name="location-mode" checked={!approximate} onChange={() => setApproximate(false)} />
          <span>{i18n._(requestMessages.locationvisible)}</span>
        </label>
        <label className="segmented__option">
          <input type="radio" name="location-mode" checked={approximate} onChange={() => setApproximate(true)} />
          <span>{i18n._(requestMessages.locationapproximate)}</span>
        </label>
      </fieldset>
      {position && <PlacePoint position={position} placed={placed} onChange={setPlaced} />}
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
      <FormMessage tone="success" text={done ? i18n._(messages.locationupdated) : null} />
      <SubmitButton busy={busy}>{i18n._(requestMessages.updaterequestlocation)}</SubmitButton>
    </form>
  )
}
