import { useLingui } from '@lingui/react'
import { useState } from 'react'
import {
  RADIUS_MAX_DIGITS,
  RadiusInfo,
  changeRadius,
  radiusError,
  selectLocationStatus,
  selectUser,
} from '#features/account'
import { accountMessages } from './account-catalog.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { EditableField } from './EditableField.tsx'

/** The radius-and-location section: the radius (editable) and where the app thinks you are, with a refresh. */
export function RadiusLocationSection() {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const updateUser = useStore((state) => state.updateUser)
  const locationStatus = useStore(selectLocationStatus)
  const positionSource = useStore((state) => state.positionSource)
  const updateLocationNow = useStore((state) => state.updateLocationNow)
  const [result, setResult] = useState<MessageKey | null>(null)

  if (!user) return null

  const statusText =
    locationStatus === 'locating'
      ? accountMessages.locationlocating
      : locationStatus === 'known'
        ? positionSource === 'browser'
          ? accountMessages.locationknown
          : accountMessages.locationsaved
        : accountMessages.locationunknown

  async function update() {
    if (locationStatus === 'locating') return
    setResult(null)
    setResult(await updateLocationNow())
  }

  return (
    <div className="settings-panel">
      <EditableField
        label={i18n._(formMessages.radius)}
        editLabel={i18n._(accountMessages.editradius)}
        value={String(user.radius)}
        validate={radiusError}
        save={async (radius) => updateUser(await changeRadius(Number(radius)))}
        input={{
          name: 'radius',
          inputMode: 'numeric',
          pattern: '[0-9]*',
          autoComplete: 'off',
          maxLength: RADIUS_MAX_DIGITS + 3,
        }}
        labelAction={<RadiusInfo />}
      />
      <div className="settings-panel__location">
        <p>
          <span className="settings-panel__label">{i18n._(accountMessages.location)}: </span>
          <span>{i18n._(statusText)}</span>
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void update()}
          aria-disabled={locationStatus === 'locating' || undefined}
        >
          {i18n._(accountMessages.updatelocation)}
        </button>
        <FormMessage
          tone={result === 'locationupdated' ? 'success' : 'error'}
          text={result ? i18n._(messages[result]) : null}
        />
      </div>
    </div>
  )
}
