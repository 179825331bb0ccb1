import { Trans, useLingui } from '@lingui/react'
import { useRef, useState } from 'react'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'
import { createRequest, REQUEST_CATEGORIES, type NewRequest, type RequestCategory } from '../api.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { categoryNames, requestMessages } from '../request-catalog.ts'
import { descriptionError } from '../validation.ts'
import { useStore } from '#shared/store/store.ts'
import { selectIsAdmin, selectPosition, selectUser } from '#features/account'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { check } from '#shared/form/field-error.ts'
import { FieldErrorMessage } from '#shared/form/FieldErrorMessage.tsx'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormError } from '#shared/form/FormError.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import { DescriptionField } from './DescriptionField.tsx'
import { PlacePoint } from './PlacePoint.tsx'
import type { Coordinates } from '#shared/api/types.ts'
import { EmergencyLine } from '#features/emergency'
import { SafetyCard, markSafetyCardSeen } from '#features/safety'
import { mentionsDanger } from '#server/domain/shared/danger-words.ts'
import { OfflineRequestHint, outboxPath } from '#features/outbox'
import { useDraft } from '#shared/hooks/useDraft.ts'

type Visibility = 'visible' | 'approximate'

/** What the form holds as it is typed, kept as a draft until it is sent (shared/storage/drafts.ts). */
interface RequestDraft {
  category: RequestCategory | null
  description: string
  visibility: Visibility | null
  phoneOnlyToHelper: boolean
  placed: Coordinates | null
}

const EMPTY_DRAFT: RequestDraft = {
  category: null,
  description: '',
  visibility: null,
  phoneOnlyToHelper: false,
  placed: null,
}

interface NewRequestDialogProps {
  open: boolean
  onClose: () => void
  /** The admin's test checkbox starts ticked (the dashboard's "New test request"). */
  initialTest?: boolean
}

/**
 * The new request modal (docs/product.md#help-requests): category and location choice required, description 1-500
 * characters with a counter, the admin's test checkbox. The request carries the user's current position (or a point the
 * user placed near it on a map), or none when it is not known (docs/product.md#help-requests allows requests without a location; the dialog says so, and then does not ask how to show
 * it).
 */
export function NewRequestDialog({ open, onClose, initialTest = false }: NewRequestDialogProps) {
  const { i18n } = useLingui()
  return (
    <Dialog open={open} onClose={onClose} title={i18n._(requestMessages.newrequest)}>
      <NewRequestForm onDone={onClose} initialTest={initialTest} />
    </Dialog>
  )
}

function NewRequestForm({ onDone, initialTest }: { onDone: () => void; initialTest: boolean }) {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const isAdmin = useStore(selectIsAdmin)
  const position = useStore(selectPosition)
  const loadRequests = useStore((s) => s.loadRequests)
  const sendOrQueue = useStore((s) => s.sendOrQueue)
  const [draft, setDraft, discardDraft] = useDraft(user?.user_id, 'newRequest', EMPTY_DRAFT)
  const { category, description, visibility, phoneOnlyToHelper, placed } = draft
  const change = (part: Partial<RequestDraft>) => setDraft({ ...draft, ...part })
  const [isTest, setIsTest] = useState(initialTest)
  const { busy, error, setError, submitWith } = useAction()
  // A missing choice takes the eye and the focus to itself, wherever the form was scrolled to.
  const categoryRef = useRef<HTMLInputElement>(null)
  const descriptionRef = useRef<HTMLTextAreaElement>(null)
  const visibilityRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { category: categoryRef, description: descriptionRef, visibility: visibilityRef })
  /** A fixed field's error goes away as soon as it is fixed. */
  const clearErrorOf = (field: string) => {
    if (error?.field === field) setError(null)
  }

  if (!user) return <Loader label={i18n._(formMessages.pleasewait)} />
  // Where the request will be: the point the user placed on the map, else the phone's position.
  const location = position ? (placed ?? position) : null

  const fieldError = (field: string) => (error?.field === field ? i18n._(messages[error.key]) : null)

  const submit = submitWith(async () => {
    check(category ? null : 'fillallfields', 'category')
    check(descriptionError(description), 'description')
    check(visibility || !position ? null : 'fillallfields', 'visibility')
    const body: NewRequest = {
      category: category!,
      description: description.trim(),
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      // The server asks for the flag even without coordinates, where it means nothing.
      isApproximate: position && visibility === 'approximate' ? 1 : 0,
      ...(phoneOnlyToHelper ? { phoneOnlyToHelper: 1 } : {}),
      ...(isAdmin ? { isTest: isTest ? 1 : 0 } : {}),
    }
    // Without a network it waits on the phone, shown at the top of the list (docs/outbox.md).
    const result = await sendOrQueue(
      { userId: user.user_id, kind: 'request', path: outboxPath('request', null), body, requestId: null },
      (call) => createRequest(body, call),
    )
    markSafetyCardSeen(user.user_id, 'ask')
    discardDraft()
    if (result.sent) await loadRequests()
    onDone()
  })

  // A description that mentions an injury or danger brings the 112 line to the top, before anything is sent.
  const urgent = mentionsDanger(description)
  return (
    <form className="form" noValidate onSubmit={submit}>
      {urgent && <EmergencyLine position={location} urgent="own" />}
      <fieldset className="choice-list" aria-describedby={fieldError('category') ? 'new-category-error' : undefined}>
        <legend className="field__label">{i18n._(requestMessages.category)}</legend>
        {REQUEST_CATEGORIES.map((value, index) => (
          <label key={value} className="choice">
            <input
              ref={index === 0 ? categoryRef : undefined}
              type="radio"
              name="category"
              value={value}
              checked={category === value}
              onChange={() => {
                change({ category: value })
                clearErrorOf('category')
              }}
            />
            <span className="choice__label">{i18n._(categoryNames[value])}</span>
          </label>
        ))}
        <FieldErrorMessage id="new-category-error" text={fieldError('category')} />
      </fieldset>

      <DescriptionField
        ref={descriptionRef}
        value={description}
        onChange={(text) => change({ description: text })}
        error={fieldError('description')}
      />

      {position ? (
        <fieldset
          className="choice-list"
          aria-describedby={fieldError('visibility') ? 'new-visibility-error' : undefined}
        >
          <legend className="field__label">{i18n._(requestMessages.locationchoice)}</legend>
          <label className="choice">
            <input
              ref={visibilityRef}
              type="radio"
              name="visibility"
              checked={visibility === 'visible'}
              onChange={() => {
                change({ visibility: 'visible' })
                clearErrorOf('visibility')
              }}
            />
            <span className="choice__label">
              {i18n._(requestMessages.locationvisible)}
              <span className="choice__hint choice__hint--block">{i18n._(requestMessages.locationvisiblehint)}</span>
            </span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="visibility"
              checked={visibility === 'approximate'}
              onChange={() => {
                change({ visibility: 'approximate' })
                clearErrorOf('visibility')
              }}
            />
            <span className="choice__label">
              {i18n._(requestMessages.locationapproximate)}
              <span className="choice__hint choice__hint--block">
                {i18n._(requestMessages.locationapproximatehint)}
              </span>
            </span>
          </label>
          <FieldErrorMessage id="new-visibility-error" text={fieldError('visibility')} />
          <PlacePoint position={position} placed={placed} onChange={(point) => change({ placed: point })} />
        </fieldset>
      ) : (
        <div className="field">
          <p className="field__label">{i18n._(requestMessages.location)}</p>
          <p className="field__hint">
            <Trans
              id="newrequestnoposition"
              message="Your position is not known, so the request is sent without a location. Helpers see it whatever their distance."
            />
          </p>
        </div>
      )}

      <label className="checkbox checkbox--top">
        <input
          type="checkbox"
          checked={phoneOnlyToHelper}
          onChange={(event) => change({ phoneOnlyToHelper: event.target.checked })}
        />
        <span>
          <Trans id="phoneonlytohelperchoice" message="Show my phone number only to the person who helps" />
          <span className="choice__hint choice__hint--block">
            <Trans
              id="phoneonlytohelperhint"
              message="Otherwise helpers nearby see it when they open your request. You can still write to each other in the app."
            />
          </span>
        </span>
      </label>

      {isAdmin && (
        <label className="checkbox checkbox--top">
          <input type="checkbox" checked={isTest} onChange={(event) => setIsTest(event.target.checked)} />
          {/*
           * docs/product.md#admin: the checkbox is labelled in Finnish in every interface language; a hint in
           * the interface language says what it means.
           */}
          <span>
            <span lang="fi">Testipyyntö</span>
            <span className="choice__hint choice__hint--block">{i18n._(requestMessages.testrequesthint)}</span>
          </span>
        </label>
      )}

      {!urgent && <EmergencyLine position={location} />}
      {/* After the fields, before sending: someone in trouble fills the form first (docs/safety.md). */}
      <SafetyCard moment="ask" />
      <OfflineRequestHint category={category} description={description} location={location} />
      <FormError error={error} />
      <FormActions
        className="dialog__actions"
        leaveLabel={i18n._(formMessages.cancel)}
        onLeave={onDone}
        busy={busy}
        sends
      >
        {i18n._(requestMessages.sendrequest)}
      </FormActions>
    </form>
  )
}
