import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import { Loader } from '#shared/ui/Loader.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectUser } from '#features/account'
import { USER_NAME_MAX } from '#server/domain/accounts/validation.ts'
import { adminMessages } from '../admin-catalog.ts'
import { UserCard } from './UserCard.tsx'
import { usersMessages } from './users-catalog.ts'
import { useUserList } from './useUserList.ts'
import './users.css'

/** The dashboard's users: search by name, each user's figures, their phone on demand, and the admin role. */
export function UsersAdmin() {
  const { i18n } = useLingui()
  const [search, setSearch] = useState('')
  const list = useUserList(search)
  const selfId = useStore(selectUser)?.user_id
  const noteId = useId()
  const { users, total, status } = list

  return (
    <section className="admin-section users-admin" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title" className="admin-section__title">
        {i18n._(adminMessages.adminusers)}
      </h2>
      <div role="search" className="users-admin__search">
        <TextField
          label={i18n._(usersMessages.searchusers)}
          type="search"
          value={search}
          maxLength={USER_NAME_MAX}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <p id={noteId} className="page__hint">
        {i18n._(usersMessages.phonelooklogged)}
      </p>

      {/* Always in the page, so each new count is announced politely once the list has it. */}
      <p role="status" className="users-admin__count">
        {status === 'ready' &&
          (total === 0 ? i18n._(usersMessages.nousersmatch) : i18n._(usersMessages.usersfound.id, { count: total }))}
      </p>
      {status === 'loading' && <Loader label={i18n._(usersMessages.loadingusers)} />}
      {status === 'failed' && (
        <div className="notice" role="alert">
          <p>{i18n._(usersMessages.failedtofetchusers)}</p>
          <button type="button" className="button button--secondary" onClick={list.retry}>
            {i18n._(shellMessages.tryagain)}
          </button>
        </div>
      )}

      {status !== 'failed' && users.length > 0 && (
        <ul className="users-admin__list" aria-busy={status === 'loading' || undefined}>
          {users.map((user) => (
            <UserCard
              key={user.user_id}
              user={user}
              isSelf={user.user_id === selfId}
              phoneNoteId={noteId}
              onChanged={list.replace}
            />
          ))}
        </ul>
      )}

      {status === 'ready' && users.length < total && (
        <div className="users-admin__more">
          <p className="page__hint">{i18n._(usersMessages.usersshown.id, { shown: users.length, total })}</p>
          {list.moreFailed && (
            <p className="users-admin__more-error" role="alert">
              {i18n._(usersMessages.failedtofetchusers)}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={list.loadingMore || undefined}
            onClick={() => {
              if (!list.loadingMore) list.showMore()
            }}
          >
            {i18n._(usersMessages.showmoreusers)}
          </button>
        </div>
      )}
    </section>
  )
}
