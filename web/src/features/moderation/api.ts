import { apiFetch } from '#shared/api/client.ts'
import type { Notice, ReportBody, ReportOptions } from '#server/schemas/moderation.ts'
import type { ReportReason } from '#server/domain/moderation/rules.ts'
import type { RequestRole } from '#server/domain/requests/people.ts'

/** The server's types of reports and notices (docs/admin.md, "Moderation"). */
export type { Notice, ReportOptions, ReportReason, RequestRole }
export type ReportOption = ReportOptions[number]

const reportsPath = (requestId: number) => `/api/requests/${requestId}/reports`

export const fetchReportOptions = (requestId: number) => apiFetch<ReportOptions>(reportsPath(requestId))
export const sendReport = (requestId: number, body: ReportBody) =>
  apiFetch<{ report_id: number }>(reportsPath(requestId), { method: 'POST', body })

export const fetchNotices = () => apiFetch<Notice[]>('/api/user/notices')
export const acknowledgeNotice = (noticeId: number) =>
  apiFetch<void>(`/api/user/notices/${noticeId}/seen`, { method: 'POST' })
