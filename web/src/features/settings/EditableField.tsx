import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { check } from '#shared/form/field-error.ts'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { useAction } from '#shared/form/useAction.ts'

interface EditableFieldProps {
  label: string
  /** Accessible name of the Edit button, e.g. "Edit username": several Edit buttons may be on screen. */
  editLabel: string
  value: string
  /** The rule (docs/product.md#accounts) for the new value: a message key or null. */
  validate: (draft: string) => MessageKey | null
  /** Saves on the server; throws what to show. */
  save: (draft: string) => Promise<void>
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'maxLength' | 'name' | 'pattern'>
  /** A control next to the label (an info button). */
  labelAction?: ReactNode
}

/**
 * A setting shown read-only until Edit is pressed, then saved or cancelled (docs/product.md#accounts). Cancel
 * restores the saved value; a save reports "Information updated".
 */
export function EditableField({ label, editLabel, value, validate, save, input, labelAction }: EditableFieldProps) {
  const { i18n } = useLingui()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(value)
  const [saved, setSaved] = useState(false)
  const { busy, error, setError, submitWith } = useAction(() => 'field')
  const inputRef = useRef<HTMLInputElement>(null)
  const editRef = useRef<HTMLButtonElement>(null)
  /** The mode focus last followed: focus moves on a change of mode only, never when the field is first shown. */
  const focusedFor = useRef(editing)

  // Into the input to type; back to Edit after a save or a cancel.
  useEffect(() => {
    if (focusedFor.current === editing) return
    focusedFor.current = editing
    if (editing) inputRef.current?.focus()
    else editRef.current?.focus()
  }, [editing])

  useEffect(() => {
    if (error) inputRef.current?.focus()
  }, [error])

  function startEditing() {
    setSaved(false)
    setDraft(value)
    setEditing(true)
  }

  function cancel() {
    setError(null)
    setDraft(value)
    setEditing(false)
  }

  async function saveDraft() {
    const next = draft.trim()
    check(validate(next), 'field')
    if (next !== value) await save(next)
    setEditing(false)
    setSaved(true)
  }

  return (
    <form className="form settings-field" noValidate onSubmit={submitWith(saveDraft)}>
      <TextField
        ref={inputRef}
        label={label}
        labelAction={labelAction}
        readOnly={!editing}
        value={editing ? draft : value}
        onChange={(event) => setDraft(event.target.value)}
        error={error ? i18n._(messages[error.key]) : null}
        {...input}
      />
      {editing ? (
        <FormActions leaveLabel={i18n._(formMessages.cancel)} onLeave={cancel} busy={busy}>
          {i18n._(formMessages.save)}
        </FormActions>
      ) : (
        <button
          ref={editRef}
          type="button"
          className="button button--secondary"
          onClick={startEditing}
          aria-label={editLabel}
        >
          {i18n._(formMessages.edit)}
        </button>
      )}
      <FormMessage tone="success" text={saved ? i18n._(messages.settingsupdated) : null} />
    </form>
  )
}
