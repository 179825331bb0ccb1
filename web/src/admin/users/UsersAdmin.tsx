import { useLingui } from '@lingui/react'
import { adminMessages } from '../admin-messages.ts'

/** The dashboard section for the users and their admin role (being built for issue 14). */
export function UsersAdmin() {
  const { i18n } = useLingui()
  return (
    <section className="admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title" className="admin-section__title">
        {i18n._(adminMessages.adminusers)}
      </h2>
    </section>
  )
}
