import { useLingui } from '@lingui/react'
import { useEffect, useRef } from 'react'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormError } from '#shared/form/FormError.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { useAction, type ActionError } from '#shared/form/useAction.ts'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'
import { RadiusInfo } from '../RadiusInfo.tsx'
import { WizardStep } from '../wizard/WizardStep.tsx'
import { accountMessages } from '#features/settings'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectLocationStatus } from '../location/slice.ts'

/** The placeholder (docs/product.md#accounts): a suggestion, not a value. */
export const RADIUS_PLACEHOLDER = '10'

const radiusFieldOf = (key: MessageKey) =>
  key === 'invalidradiuschars' || key === 'invalidradiuslength' ? 'radius' : null

interface RadiusStepProps {
  radius: string
  onChange: (radius: string) => void
  onRegister: () => Promise<void>
  onBack: () => void
  initialError: ActionError | null
}

/** Registration step 3: the radius, a warning when no location is known, and Register. */
export function RadiusStep({ radius, onChange, onRegister, onBack, initialError }: RadiusStepProps) {
  const { i18n } = useLingui()
  const { busy, error, submitWith } = useAction(radiusFieldOf, initialError)
  const radiusRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { radius: radiusRef })
  const locationStatus = useStore(selectLocationStatus)
  const locate = useStore((state) => state.locate)

  // The position goes with the registration; asking here, the permission prompt comes with a reason on screen.
  useEffect(() => {
    void locate()
  }, [locate])

  return (
    <WizardStep step={3} count={3} title={i18n._(wizardMessages.radiusstep)} focusTitle>
      <form className="form" noValidate onSubmit={submitWith(onRegister)}>
        <TextField
          ref={radiusRef}
          label={i18n._(formMessages.radius)}
          labelAction={<RadiusInfo />}
          name="radius"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          placeholder={RADIUS_PLACEHOLDER}
          maxLength={6}
          required
          value={radius}
          onChange={(event) => onChange(event.target.value.trim())}
          error={error?.field === 'radius' ? i18n._(messages[error.key]) : null}
        />
        {locationStatus === 'locating' && <p className="page__hint">{i18n._(accountMessages.locationlocating)}</p>}
        <FormMessage tone="warning" text={locationStatus === 'unavailable' ? i18n._(messages.locationfailed) : null} />
        <FormError error={error} />
        <FormActions leaveLabel={i18n._(formMessages.back)} onLeave={onBack} busy={busy}>
          {i18n._(screenTitles.register)}
        </FormActions>
      </form>
    </WizardStep>
  )
}
