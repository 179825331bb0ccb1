import type { MessageDescriptor } from '@lingui/core'
import { adminMessages } from './admin-catalog.ts'

export type AdminSection = 'overview' | 'services' | 'users' | 'reports'

/** The dashboard's sections, each at its own address so a reload or a shared link keeps it. */
export const ADMIN_SECTIONS: readonly { id: AdminSection; path: string; label: MessageDescriptor }[] = [
  { id: 'overview', path: '/admin', label: adminMessages.adminoverview },
  { id: 'services', path: '/admin/services', label: adminMessages.adminservices },
  { id: 'users', path: '/admin/users', label: adminMessages.adminusers },
  { id: 'reports', path: '/admin/reports', label: adminMessages.adminreports },
]
