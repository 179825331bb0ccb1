import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'
import { REPORT_ERRORS } from '#server/domain/moderation/errors.ts'
import { FieldError } from '#shared/form/field-error.ts'
import { CountedTextarea } from '#shared/form/CountedTextarea.tsx'
import { FieldErrorMessage } from '#shared/form/FieldErrorMessage.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { useAction } from '#shared/form/useAction.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { useStore } from '#shared/store/store.ts'
import { selectPosition } from '#features/account'
import { EmergencyLine } from '#features/emergency'
import { requestMessages } from '#features/requests'
import { sendReport, type ReportOption, type ReportReason } from './api.ts'
import { moderationMessages, reasonNames } from './moderation-catalog.ts'
import { detailsProblem, REPORT_DETAILS_MAX, REPORT_REASONS } from './validation.ts'
import './moderation.css'

interface ReportDialogProps {
  open: boolean
  onClose: () => void
  requestId: number
  /** Whom: the owner or the helper, by name. */
  person: ReportOption
}

/**
 * docs/admin.md, "Moderation": why, in plain words, and optionally what happened, with 112 at hand; once sent, what
 * happens next (an admin reviews it, the outcome is told in the app). The dialog keeps its place in the page, so the
 * confirmation replaces the form inside it.
 */
export function ReportDialog({ open, onClose, requestId, person }: ReportDialogProps) {
  const { i18n } = useLingui()
  const [sent, setSent] = useState(false)
  const close = () => {
    setSent(false)
    onClose()
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title={
        sent
          ? i18n._(moderationMessages.reportsenttitle)
          : i18n._(moderationMessages.reporttitle.id, { name: person.user_name })
      }
    >
      {sent ? (
        <div className="form report-sent">
          <p>{i18n._(moderationMessages.reportsentnext)}</p>
          <p>
            <a href="tel:112">{i18n._(moderationMessages.reportsentdanger)}</a>
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={close}>
              {i18n._(moderationMessages.reportok)}
            </button>
          </div>
        </div>
      ) : (
        <ReportForm requestId={requestId} person={person} onCancel={close} onSent={() => setSent(true)} />
      )}
    </Dialog>
  )
}

/** The server's refusals that belong to a field of the form. */
function fieldOf(key: MessageKey): string | null {
  if (key === 'reportreasonrequired') return 'reason'
  if (key === 'reportdetailslength' || key === 'invalidcharacters') return 'details'
  return null
}

interface ReportFormProps {
  requestId: number
  person: ReportOption
  onCancel: () => void
  onSent: () => void
}

function ReportForm({ requestId, person, onCancel, onSent }: ReportFormProps) {
  const { i18n } = useLingui()
  const position = useStore(selectPosition)
  const reportSent = useStore((state) => state.reportSent)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const { busy, error, setError, submitWith } = useAction(fieldOf)
  const fieldError = (field: string) => (error?.field === field ? i18n._(messages[error.key]) : null)

  const submit = submitWith(async () => {
    if (reason === null) throw new FieldError('reportreasonrequired', 'reason')
    const problem = detailsProblem(details)
    if (problem) throw new FieldError(problem, 'details')
    const trimmed = details.trim()
    try {
      await sendReport(requestId, { about: person.about, reason, ...(trimmed ? { details: trimmed } : {}) })
    } catch (caught) {
      // Sent before from another device or tab: the report is there, which is what the user wanted.
      if (caught instanceof ApiError && caught.message === REPORT_ERRORS.alreadyReported)
        reportSent(requestId, person.about)
      throw caught
    }
    reportSent(requestId, person.about)
    onSent()
  })

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p>{i18n._(moderationMessages.reportintro.id, { name: person.user_name })}</p>
      <EmergencyLine position={position} />
      <fieldset className="choice-list" aria-describedby={fieldError('reason') ? 'report-reason-error' : undefined}>
        <legend className="field__label">{i18n._(moderationMessages.reportreasons)}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value)
                if (error?.field === 'reason') setError(null)
              }}
            />
            <span className="choice__label">{i18n._(reasonNames[value])}</span>
          </label>
        ))}
        <FieldErrorMessage id="report-reason-error" text={fieldError('reason')} />
      </fieldset>
      <CountedTextarea
        label={i18n._(moderationMessages.reportdetails)}
        counter={i18n._(requestMessages.desccounter.id, { count: details.length })}
        value={details}
        onChange={setDetails}
        maxLength={REPORT_DETAILS_MAX}
        rows={3}
        error={fieldError('details')}
      />
      <FormMessage tone="error" text={error && error.field === null ? i18n._(messages[error.key]) : null} />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {i18n._(formMessages.cancel)}
        </button>
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? i18n._(formMessages.pleasewait) : i18n._(moderationMessages.sendreport)}
        </button>
      </div>
    </form>
  )
}
