import { AbilitiesForm } from './AbilitiesForm.tsx'

/** Settings → "What I can help with" (docs/product.md#abilities). */
export function AbilitiesSection() {
  return (
    <div className="settings-panel">
      <AbilitiesForm />
    </div>
  )
}
