import { useCallback, useEffect, useRef, useState } from 'react'
import { selectReportsChanges } from '#shared/live/slice.ts'
import { useStore } from '#shared/store/store.ts'
import { fetchReports, type AdminReport, type ReportStatus } from './api.ts'
import { useOpenReportCount } from './open-count.ts'

export interface ReportList {
  reports: AdminReport[]
  status: 'loading' | 'ready' | 'failed'
  reload: () => void
  /** A decision's answer: the report leaves the open list (and joins the decided one) in place. */
  decided: (report: AdminReport) => void
}

/**
 * The open reports (oldest first) or the decided ones (latest first), as the server orders them; loaded again when the
 * server says the queue changed (a report filed or decided by any admin).
 */
export function useReports(shown: ReportStatus): ReportList {
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<{ key: string; reports: AdminReport[]; failed: boolean } | null>(null)
  const key = `${shown}:${attempt}`
  const latest = useRef(key)
  const setOpenCount = useOpenReportCount((state) => state.setOpenCount)
  // Live (`reports.changed`): the list loads again in place, the one on screen staying until the new one comes.
  const changes = useStore(selectReportsChanges)
  const request = `${key}:${changes}`

  useEffect(() => {
    latest.current = request
    fetchReports(shown).then(
      (reports) => {
        if (latest.current !== request) return
        setLoaded({ key, reports, failed: false })
        if (shown === 'open') setOpenCount(reports.length)
      },
      (error: unknown) => {
        console.warn('Loading the reports failed', error)
        // A live reload that fails keeps the list it had; a first load says it failed.
        if (latest.current === request)
          setLoaded((held) => (held?.key === key ? held : { key, reports: [], failed: true }))
      },
    )
  }, [key, request, shown, setOpenCount])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const decided = useCallback(
    (report: AdminReport) => {
      setLoaded((current) => {
        if (!current) return current
        const reports =
          shown === 'open'
            ? current.reports.filter((r) => r.report_id !== report.report_id)
            : current.reports.map((r) => (r.report_id === report.report_id ? report : r))
        if (shown === 'open') setOpenCount(reports.length)
        return { ...current, reports }
      })
    },
    [shown, setOpenCount],
  )
  const status = loaded?.key === key ? (loaded.failed ? 'failed' : 'ready') : 'loading'
  return { reports: status === 'ready' ? loaded!.reports : [], status, reload, decided }
}
