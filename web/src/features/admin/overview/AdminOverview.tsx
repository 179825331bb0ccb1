import { useLingui } from '@lingui/react'
import { adminMessages } from '../admin-catalog.ts'
import { ExportRequests } from './ExportRequests.tsx'
import { AdminFigures } from './figures/AdminFigures.tsx'
import { LiveRequests } from './live/LiveRequests.tsx'
import type { RequestDetailView } from '../request-detail-view.ts'

/** What is happening now: the figures, then all requests on a live map and list. */
export function AdminOverview({ RequestDetail }: { RequestDetail: RequestDetailView }) {
  const { i18n } = useLingui()
  return (
    <section className="admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title" className="admin-section__title">
        {i18n._(adminMessages.adminoverview)}
      </h2>
      <AdminFigures />
      <LiveRequests RequestDetail={RequestDetail} />
      <ExportRequests />
    </section>
  )
}
