import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { CountedTextarea } from '#shared/form/CountedTextarea.tsx'
import { FieldErrorMessage } from '#shared/form/FieldErrorMessage.tsx'
import { FieldError } from '#shared/form/field-error.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { useAction } from '#shared/form/useAction.ts'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { requestMessages } from '#features/requests'
import {
  DECISION_ACTIONS,
  DECISION_REASON_MAX,
  decisionReasonProblem,
  isSuspensionDays,
  SUSPENSION_DAYS_MAX,
  type DecisionAction,
} from '#server/domain/moderation/rules.ts'
import { decideReport, type AdminReport } from './api.ts'
import { actionNames, reportsMessages } from './reports-catalog.ts'

/** The server's refusals that belong to a field of the form. */
function fieldOf(key: MessageKey): string | null {
  if (key === 'decisionaction') return 'action'
  if (key === 'decisionreasonlength' || key === 'invalidcharacters') return 'reason'
  if (key === 'decisiondays') return 'days'
  return null
}

interface DecisionFormProps {
  report: AdminReport
  onDecided: (report: AdminReport) => void
}

/**
 * The decision on an open report: what to do, for how many days (a suspension), and the statement of reasons the
 * user concerned reads. Checked here with the server's own rules; the server checks again.
 */
export function DecisionForm({ report, onDecided }: DecisionFormProps) {
  const { i18n } = useLingui()
  const [action, setAction] = useState<DecisionAction | null>(null)
  const [days, setDays] = useState('7')
  const [reason, setReason] = useState('')
  const { busy, error, submitWith } = useAction(fieldOf)
  const fieldError = (field: string) => (error?.field === field ? i18n._(messages[error.key]) : null)

  const submit = submitWith(async () => {
    if (action === null) throw new FieldError('decisionaction', 'action')
    const length = Number(days)
    if (action === 'suspend' && !isSuspensionDays(length)) throw new FieldError('decisiondays', 'days')
    const problem = decisionReasonProblem(reason)
    if (problem) throw new FieldError(keyForServerError(problem), 'reason')
    onDecided(
      await decideReport(report.report_id, {
        action,
        reason: reason.trim(),
        ...(action === 'suspend' ? { days: length } : {}),
      }),
    )
  })

  return (
    <form className="form report-decision-form" noValidate onSubmit={submit} aria-labelledby="decision-title">
      <fieldset className="choice-list" aria-describedby={fieldError('action') ? 'decision-action-error' : undefined}>
        <legend className="field__label">{i18n._(reportsMessages.decisionactions)}</legend>
        {DECISION_ACTIONS.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="decision-action"
              value={value}
              checked={action === value}
              onChange={() => setAction(value)}
            />
            <span className="choice__label">{i18n._(actionNames[value])}</span>
          </label>
        ))}
        <FieldErrorMessage id="decision-action-error" text={fieldError('action')} />
      </fieldset>
      {action === 'suspend' && (
        <div className="field report-decision-form__days">
          <label className="field__label" htmlFor="decision-days">
            {i18n._(reportsMessages.decisiondaysfield)}
          </label>
          <input
            id="decision-days"
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={SUSPENSION_DAYS_MAX}
            value={days}
            aria-invalid={fieldError('days') ? true : undefined}
            aria-describedby={fieldError('days') ? 'decision-days-error' : undefined}
            onChange={(event) => setDays(event.target.value)}
          />
          <FieldErrorMessage id="decision-days-error" text={fieldError('days')} />
        </div>
      )}
      <p className="field__hint">{i18n._(reportsMessages.decisionreasonshint)}</p>
      <CountedTextarea
        label={i18n._(reportsMessages.decisionreasons)}
        counter={i18n._(requestMessages.desccounter.id, { count: reason.length })}
        value={reason}
        onChange={setReason}
        maxLength={DECISION_REASON_MAX}
        rows={4}
        error={fieldError('reason')}
      />
      <FormMessage tone="error" text={error && error.field === null ? i18n._(messages[error.key]) : null} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? i18n._(formMessages.pleasewait) : i18n._(reportsMessages.decide)}
        </button>
      </div>
    </form>
  )
}
