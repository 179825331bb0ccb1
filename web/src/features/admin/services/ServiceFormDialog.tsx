import { useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { serviceMessages } from '#features/services'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { createService, fetchAdminServices, replaceService } from './api.ts'
import {
  emptyServiceForm,
  formFromService,
  formProblems,
  inputFromForm,
  problemsByField,
  problemsInAnswer,
  SERVICE_ERRORS,
  type FormProblem,
  type ServiceForm,
} from './service-form.ts'
import { ServiceFormFields } from './ServiceFormFields.tsx'
import { RULE_MESSAGES, servicesAdminMessages } from './services-admin-catalog.ts'

/** Which service the form is open for: a new one, or one by id. */
export type FormTarget = { serviceId: number | null }

interface ServiceFormDialogProps {
  target: FormTarget | null
  onClose: () => void
  /** Saved, and the store's list reloaded (the public map too). */
  onSaved: (kind: 'added' | 'updated') => void
}

/** Adding or editing a service in a dialog; an edit first reads the service as an admin sees it (its import id). */
export function ServiceFormDialog({ target, onClose, onSaved }: ServiceFormDialogProps) {
  const { i18n } = useLingui()
  const editing = target?.serviceId ?? null
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={i18n._(editing === null ? servicesAdminMessages.newservice : servicesAdminMessages.editservice)}
    >
      {target &&
        (editing === null ? (
          <ServiceFormBody initial={emptyServiceForm()} serviceId={null} onClose={onClose} onSaved={onSaved} />
        ) : (
          <EditLoader key={editing} serviceId={editing} onClose={onClose} onSaved={onSaved} />
        ))}
    </Dialog>
  )
}

type Loaded =
  { state: 'loading' } | { state: 'failed'; message: MessageDescriptor } | { state: 'loaded'; form: ServiceForm }

function EditLoader({ serviceId, onClose, onSaved }: { serviceId: number } & Omit<ServiceFormDialogProps, 'target'>) {
  const { i18n } = useLingui()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    fetchAdminServices()
      .then((services) => {
        const service = services.find((candidate) => candidate.service_id === serviceId)
        if (!current) return
        setLoaded(
          service
            ? { state: 'loaded', form: formFromService(service) }
            : { state: 'failed', message: servicesAdminMessages.servicenotfound },
        )
      })
      .catch((error: unknown) => {
        if (current) setLoaded({ state: 'failed', message: messages[messageKeyOf(error)] })
      })
    return () => {
      current = false
    }
  }, [serviceId, attempt])

  if (loaded.state === 'loading') return <Loader label={i18n._(serviceMessages.loadingservices)} />
  if (loaded.state === 'failed')
    return (
      <div className="form">
        <FormMessage tone="error" text={i18n._(loaded.message)} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {i18n._(formMessages.cancel)}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setLoaded({ state: 'loading' })
              setAttempt((n) => n + 1)
            }}
          >
            {i18n._(shellMessages.tryagain)}
          </button>
        </div>
      </div>
    )
  return <ServiceFormBody initial={loaded.form} serviceId={serviceId} onClose={onClose} onSaved={onSaved} />
}

/** Why a save failed: problems to show at their fields, or one message about the whole form. */
type Failure = { problems: FormProblem[] } | { message: MessageDescriptor }

function failureOf(error: unknown, form: ServiceForm): Failure {
  if (error instanceof ApiError && error.status === 400) {
    const problems = problemsInAnswer(form, error.message)
    if (problems.length > 0) return { problems }
  }
  if (error instanceof ApiError && error.message === SERVICE_ERRORS.externalIdTaken)
    return {
      problems: [{ rule: 'external_id_taken', field: 'external_id', text: error.message }],
    }
  if (error instanceof ApiError && error.message === SERVICE_ERRORS.notFound)
    return { message: servicesAdminMessages.servicenotfound }
  const key = messageKeyOf(error)
  if (key === 'genericerror') console.error('Saving the service failed', error)
  return { message: messages[key] }
}

function ServiceFormBody({
  initial,
  serviceId,
  onClose,
  onSaved,
}: { initial: ServiceForm; serviceId: number | null } & Omit<ServiceFormDialogProps, 'target'>) {
  const { i18n } = useLingui()
  const [form, setForm] = useState(initial)
  const [problems, setProblems] = useState<FormProblem[]>([])
  /** After a refused submit the checks run on every change, so a fixed field's message goes as it is fixed. */
  const [checking, setChecking] = useState(false)
  const [message, setMessage] = useState<MessageDescriptor | null>(null)
  const [busy, setBusy] = useState(false)
  // A second tap before the busy state has rendered must not send the service twice.
  const sending = useRef(false)
  const [refusals, setRefusals] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  // Each refusal moves focus to the first field it names, so its message is read and the fix starts there.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  const change = (next: ServiceForm) => {
    setForm(next)
    if (checking) setProblems(formProblems(next))
  }

  const refuse = (found: FormProblem[]) => {
    setProblems(found)
    setChecking(true)
    setRefusals((n) => n + 1)
  }

  const submit = async () => {
    if (sending.current) return
    setMessage(null)
    const found = formProblems(form)
    // Nothing is sent while the server's own rules would refuse it.
    if (found.length > 0) return refuse(found)
    sending.current = true
    setBusy(true)
    try {
      const input = inputFromForm(form)
      if (serviceId === null) await createService(input)
      else await replaceService(serviceId, input)
      await useStore.getState().loadServices()
      onSaved(serviceId === null ? 'added' : 'updated')
    } catch (error) {
      const failure = failureOf(error, form)
      if ('problems' in failure) refuse(failure.problems)
      else setMessage(failure.message)
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  const byField = problemsByField(problems)
  const formProblem = byField.get('service')
  const formText = message ? i18n._(message) : formProblem ? i18n._(RULE_MESSAGES[formProblem.rule]) : null
  return (
    <form
      ref={formRef}
      className="form service-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <ServiceFormFields form={form} onChange={change} problems={byField} />
      <FormMessage tone="error" text={formText} />
      <FormActions className="dialog__actions" leaveLabel={i18n._(formMessages.cancel)} onLeave={onClose} busy={busy}>
        {i18n._(formMessages.save)}
      </FormActions>
    </form>
  )
}
