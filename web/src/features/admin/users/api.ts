import { apiFetch, apiPut } from '#shared/api/client.ts'
import type { AdminUser, AdminUserList, PhoneView } from '#server/schemas/admin-users.ts'

/** A user as the dashboard lists them: the type of the server's response schema. */
export type { AdminUser, AdminUserList }

const userPath = (id: number, action: string) => `/api/admin/users/${id}/${action}`

export function fetchUsers(search: string, offset: number): Promise<AdminUserList> {
  const query = new URLSearchParams({ offset: String(offset) })
  if (search) query.set('q', search)
  return apiFetch<AdminUserList>(`/api/admin/users?${query.toString()}`)
}

/** Every call is recorded by the server as a look at the number: call it only on an admin's explicit request. */
export const viewPhone = (id: number) => apiFetch<PhoneView>(userPath(id, 'phone-view'), { method: 'POST' })

export const setAdminRole = (id: number, isAdmin: boolean) =>
  apiPut<AdminUser>(userPath(id, 'admin'), { is_admin: isAdmin })

/** Lifts the suspension or ban in force on the user (204); 404 when none is. */
export const liftSuspension = (id: number) => apiFetch<void>(userPath(id, 'suspension'), { method: 'DELETE' })
