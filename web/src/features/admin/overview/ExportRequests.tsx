import { useLingui } from '@lingui/react'
import { useState, type FormEvent } from 'react'
import { apiDownload } from '#shared/api/client.ts'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { messages } from '#shared/i18n/catalog.ts'
import { adminMessages } from '../admin-catalog.ts'
import { defaultExportPeriod, exportPath } from './export-period.ts'

/**
 * The requests of a period as a CSV file. The call needs the bearer token, so the file is fetched and handed to the
 * browser as a download; the period's rules are the server's, and its refusal is shown in the user's language.
 */
export function ExportRequests() {
  const { i18n } = useLingui()
  const [period, setPeriod] = useState(defaultExportPeriod)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  async function download(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const file = await apiDownload(exportPath(period.from, period.to))
      const url = URL.createObjectURL(file)
      const link = document.createElement('a')
      link.href = url
      link.download = `requests-${period.from}-${period.to}.csv`
      link.click()
      // The click has handed the file over; the URL is not needed after this task.
      setTimeout(() => URL.revokeObjectURL(url))
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-export" aria-labelledby="admin-export-title">
      <h3 id="admin-export-title" className="admin-export__title">
        {i18n._(adminMessages.exporttitle)}
      </h3>
      <p className="admin-export__hint">{i18n._(adminMessages.exporthint)}</p>
      <form className="admin-export__form" onSubmit={(event) => void download(event)} noValidate>
        <TextField
          label={i18n._(adminMessages.exportfrom)}
          type="date"
          value={period.from}
          onChange={(event) => setPeriod({ ...period, from: event.target.value })}
        />
        <TextField
          label={i18n._(adminMessages.exportto)}
          type="date"
          value={period.to}
          onChange={(event) => setPeriod({ ...period, to: event.target.value })}
        />
        <button type="submit" className="button button--secondary" aria-disabled={busy}>
          {i18n._(busy ? adminMessages.exportbusy : adminMessages.exportdownload)}
        </button>
      </form>
      <FormMessage tone="error" text={error ? i18n._(messages[messageKeyOf(error)]) : null} />
    </section>
  )
}
