import { apiFetch } from '#shared/api/client.ts'
import type { AdminReport, DecisionBody, UserHistory } from '#server/schemas/moderation.ts'

/** Reports as the dashboard reads them: the types of the server's response schemas (docs/admin.md, "Moderation"). */
export type { AdminReport, UserHistory }
export type ReportStatus = AdminReport['status']

export const fetchReports = (status: ReportStatus) => apiFetch<AdminReport[]>(`/api/admin/reports?status=${status}`)
export const decideReport = (reportId: number, body: DecisionBody) =>
  apiFetch<AdminReport>(`/api/admin/reports/${reportId}/decision`, { method: 'POST', body })
export const fetchUserHistory = (userId: number) => apiFetch<UserHistory>(`/api/admin/users/${userId}/history`)
