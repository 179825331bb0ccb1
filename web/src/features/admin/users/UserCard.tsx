import { useLingui } from '@lingui/react'
import type { AdminUser } from './api.ts'
import { PhoneReveal } from './PhoneReveal.tsx'
import { RoleAction } from './RoleAction.tsx'
import { SuspensionLift } from './SuspensionLift.tsx'
import { usersMessages } from './users-catalog.ts'
import { intlLocale } from '#shared/format/intl-locale.ts'

interface UserCardProps {
  user: AdminUser
  isSelf: boolean
  phoneNoteId: string
  onChanged: (user: AdminUser) => void
}

function formatRegistered(createdAt: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(new Date(createdAt))
}

/** A suspension's end as the admins read it: Finnish time, where the service runs. */
function formatUntil(until: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Helsinki',
  }).format(new Date(until))
}

/**
 * One user: name and role, when they registered, a suspension or ban in force (docs/accounts.md, "Suspension and
 * ban"), what they asked and gave, how many phone numbers they got by being near (docs/security.md, "Phone numbers
 * by reach"), and the admin's actions on them.
 */
export function UserCard({ user, isSelf, phoneNoteId, onChanged }: UserCardProps) {
  const { i18n } = useLingui()
  return (
    <li className={`user-card${user.is_admin ? ' user-card--admin' : ''}`}>
      <div className="user-card__head">
        <h3 className="user-card__name">{user.user_name}</h3>
        {user.is_admin && <span className="user-card__badge">{i18n._(usersMessages.adminbadge)}</span>}
        {isSelf && <span className="user-card__you">{i18n._(usersMessages.thisisyou)}</span>}
      </div>
      <p className="user-card__registered">
        {i18n._(usersMessages.userregistered.id, { date: formatRegistered(user.created_at, i18n.locale) })}
      </p>
      {user.suspension && (
        <p className="user-card__suspension">
          {user.suspension.until
            ? i18n._(usersMessages.usersuspended.id, {
                date: formatUntil(user.suspension.until, i18n.locale),
                reason: user.suspension.reason,
              })
            : i18n._(usersMessages.userbanned.id, { reason: user.suspension.reason })}
        </p>
      )}
      <dl className="user-card__counts">
        <div>
          <dt>{i18n._(usersMessages.userrequestsmade)}</dt>
          <dd>{user.requests_made}</dd>
        </div>
        <div>
          <dt>{i18n._(usersMessages.userrequestshelped)}</dt>
          <dd>{user.requests_helped}</dd>
        </div>
        <div>
          <dt>{i18n._(usersMessages.usercyclistshelped)}</dt>
          <dd>{user.cyclists_helped}</dd>
        </div>
        <div>
          <dt>{i18n._(usersMessages.userreachreveals)}</dt>
          <dd>
            {i18n._(usersMessages.userreachrevealscount.id, {
              today: user.reach_reveals_today,
              days30: user.reach_reveals_30d,
            })}
          </dd>
        </div>
        <div>
          <dt>{i18n._(usersMessages.userletgos)}</dt>
          <dd>{user.let_gos_30d}</dd>
        </div>
      </dl>
      <div className="user-card__actions">
        <PhoneReveal user={user} noteId={phoneNoteId} />
        {!isSelf && <RoleAction user={user} onChanged={onChanged} />}
        {user.suspension && <SuspensionLift user={user} onChanged={onChanged} />}
      </div>
    </li>
  )
}
