import './Form.css'

/** A field's error under it, with an icon so it is not told by colour alone; `id` ties it to the input. */
export function FieldErrorMessage({ id, text }: { id: string; text: string | null | undefined }) {
  if (!text) return null
  return (
    // Announced as it appears (docs/product.md#help-requests): focus moves to the field too, but a screen reader
    // user who pressed Send hears at once what is missing.
    <p id={id} className="field__error" role="alert">
      <ErrorIcon />
      <span>{text}</span>
    </p>
  )
}

export function ErrorIcon() {
  return (
    <svg className="field__error-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M12 6.5v7" stroke="var(--color-surface-raised)" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="12" cy="17.2" r="1.5" fill="var(--color-surface-raised)" />
    </svg>
  )
}
