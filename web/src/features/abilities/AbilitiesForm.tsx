import { useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { useState, type ReactNode } from 'react'
import {
  ABILITY_LANGUAGES,
  KIT_ITEMS,
  NO_ABILITIES,
  TRANSPORT_MODES,
  type Abilities,
  type AbilityLanguage,
  type KitItem,
  type TransportMode,
} from '#server/domain/shared/abilities.ts'
import { useStore } from '#shared/store/store.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { SubmitButton } from '#shared/form/SubmitButton.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { selectUser } from '#features/account'
import { abilityMessages } from './abilities-catalog.ts'
import { changeAbilities } from './api.ts'
import './abilities.css'

type ListField = 'kit' | 'transport' | 'languages'

const m = abilityMessages
/** The label of each item. */
const ITEM_LABEL: Record<KitItem | TransportMode | AbilityLanguage, MessageDescriptor> = {
  pump_presta: m.kit_pump_presta,
  pump_schrader: m.kit_pump_schrader,
  spare_tube: m.kit_spare_tube,
  patch_kit: m.kit_patch_kit,
  tyre_levers: m.kit_tyre_levers,
  chain_tool: m.kit_chain_tool,
  multi_tool: m.kit_multi_tool,
  ebike_charger: m.kit_ebike_charger,
  lights: m.kit_lights,
  car_with_rack: m.transport_car_with_rack,
  cargo_bike: m.transport_cargo_bike,
  van: m.transport_van,
  fi: m.language_fi,
  sv: m.language_sv,
  en: m.language_en,
}

const GROUPS: ReadonlyArray<{
  field: ListField
  legend: MessageDescriptor
  items: readonly (keyof typeof ITEM_LABEL)[]
}> = [
  { field: 'kit', legend: abilityMessages.abilitieskit, items: KIT_ITEMS },
  { field: 'transport', legend: abilityMessages.abilitiestransport, items: TRANSPORT_MODES },
  { field: 'languages', legend: abilityMessages.abilitieslanguages, items: ABILITY_LANGUAGES },
]

interface AbilitiesFormProps {
  /** After a save: the step after registering goes on. */
  onSaved?: () => void
  /** A second action beside Save (the step's Skip), kept in view with it. */
  secondary?: ReactNode
}

/**
 * "What I can help with" (docs/product.md#abilities): kit, transport, first aid and languages, as groups of large
 * checkboxes (a fieldset and legend each, so a screen reader names the group), saved with one button that reports
 * saving, saved or the error. The settings section and the step after registering both use it.
 */
export function AbilitiesForm({ onSaved, secondary }: AbilitiesFormProps) {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const updateUser = useStore((state) => state.updateUser)
  const [draft, setDraft] = useState<Abilities>(() => user?.abilities ?? NO_ABILITIES)
  const [saved, setSaved] = useState(false)
  const { busy, error, submitWith } = useAction()

  function toggle(field: ListField, item: string, on: boolean) {
    setSaved(false)
    setDraft((current) => {
      const list: readonly string[] = current[field]
      return { ...current, [field]: on ? [...list, item] : list.filter((other) => other !== item) }
    })
  }

  async function save() {
    setSaved(false)
    updateUser(await changeAbilities(draft))
    setSaved(true)
    onSaved?.()
  }

  const checkbox = (key: string, checked: boolean, label: string, onChange: (on: boolean) => void) => (
    <label key={key} className="choice">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="choice__label">{label}</span>
    </label>
  )

  const group = ({ field, legend, items }: (typeof GROUPS)[number]) => (
    <fieldset key={field} className="choice-list abilities__group">
      <legend className="field__label">{i18n._(legend)}</legend>
      {items.map((item) =>
        checkbox(item, (draft[field] as readonly string[]).includes(item), i18n._(ITEM_LABEL[item]), (on) =>
          toggle(field, item, on),
        ),
      )}
    </fieldset>
  )

  return (
    <form className="form abilities" noValidate onSubmit={submitWith(save)}>
      <p className="settings-panel__note">{i18n._(abilityMessages.abilitiesinfo)}</p>
      {GROUPS.slice(0, 2).map(group)}
      <fieldset className="choice-list abilities__group">
        <legend className="field__label">{i18n._(abilityMessages.abilitiesfirstaid)}</legend>
        {checkbox('firstAid', draft.firstAid, i18n._(abilityMessages.firstaidtrained), (on) => {
          setSaved(false)
          setDraft((current) => ({ ...current, firstAid: on }))
        })}
      </fieldset>
      {GROUPS.slice(2).map(group)}
      <div className="abilities__actions">
        <FormMessage tone="success" text={saved ? i18n._(abilityMessages.abilitiessaved) : null} />
        <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
        <SubmitButton busy={busy}>{i18n._(formMessages.save)}</SubmitButton>
        {secondary}
      </div>
    </form>
  )
}
