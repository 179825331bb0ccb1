import { AdminPage } from '../features/admin/AdminPage.tsx'
import { RequestDetailDialog } from './request-detail/RequestDetailDialog.tsx'

/** /admin: the dashboard, with the request detail its live list opens (both in the dashboard's chunk). */
export default function AdminScreen() {
  return <AdminPage RequestDetail={RequestDetailDialog} />
}
