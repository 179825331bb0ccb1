import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { updateDescription, type HelpRequest } from '../api.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { requestMessages } from '../request-catalog.ts'
import { descriptionError } from '../validation.ts'
import { check } from '#shared/form/field-error.ts'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { DescriptionField } from './DescriptionField.tsx'

interface DescriptionSectionProps {
  request: HelpRequest
  update: (request: HelpRequest) => void
}

/**
 * Description editing (docs/product.md#help-requests): read-only, then edit with save or cancel (cancel restores);
 * owner only, not completed.
 */
export function DescriptionSection({ request, update }: DescriptionSectionProps) {
  const { i18n } = useLingui()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(request.description)
  const [saved, setSaved] = useState(false)
  const { busy, error, setError, submitWith } = useAction(() => 'description')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const editable = request.isOwnRequest && request.status !== 'completed'

  useEffect(() => {
    if (editing) inputRef.current?.focus()
  }, [editing])

  const save = submitWith(async () => {
    check(descriptionError(draft), 'description')
    update(await updateDescription(request.request_id, draft.trim()))
    setEditing(false)
    setSaved(true)
  })

  function cancel() {
    setDraft(request.description)
    setError(null)
    setEditing(false)
  }

  return (
    <section className="request-detail__section" aria-labelledby="request-description">
      <h3 id="request-description" className="request-detail__heading">
        {i18n._(requestMessages.description)}
      </h3>
      {editing ? (
        <form className="form" noValidate onSubmit={save}>
          <DescriptionField
            ref={inputRef}
            label={i18n._(requestMessages.editdescription)}
            value={draft}
            onChange={setDraft}
            error={error ? i18n._(messages[error.key]) : null}
          />
          <FormActions leaveLabel={i18n._(formMessages.cancel)} onLeave={cancel} busy={busy}>
            {i18n._(formMessages.save)}
          </FormActions>
        </form>
      ) : (
        <>
          <p className="request-detail__description">{request.description}</p>
          <FormMessage tone="success" text={saved ? i18n._(messages.descupdated) : null} />
          {editable && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={i18n._(requestMessages.editdescription)}
              onClick={() => {
                setSaved(false)
                setDraft(request.description)
                setEditing(true)
              }}
            >
              {i18n._(formMessages.edit)}
            </button>
          )}
        </>
      )}
    </section>
  )
}
