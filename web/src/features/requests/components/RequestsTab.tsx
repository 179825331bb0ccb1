import { Trans, useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Link } from 'wouter'
import { messages } from '#shared/i18n/catalog.ts'
import { requestMessages } from '../request-catalog.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { useShownRequests } from '../useShownRequests.ts'
import { useStore } from '#shared/store/store.ts'
import { selectPosition, selectSessionStatus } from '#features/account'
import {
  selectNextPage,
  selectPageStatus,
  selectRequests,
  selectRequestsLoadedAt,
  selectRequestsStatus,
  selectShowAll,
} from '../slice.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { LazyNewRequestDialog } from './LazyNewRequestDialog.tsx'
import { OfflineListNotice } from './OfflineListNotice.tsx'
import { PullToRefresh } from './PullToRefresh.tsx'
import { RequestList } from './RequestList.tsx'
import '#shared/ui/requests.css'
import { atActiveRequestLimit } from '../limits.ts'
import { HelpNowSwitch } from '#features/settings'
import { PendingRequests } from '#features/outbox'

interface RequestsTabProps {
  onOpenRequest: (id: number) => void
}

/**
 * docs/product.md#who-uses-it: the requests tab. Visitors see a locked notice; a logged-in user the list, show-all and
 * Ask for help.
 */
export function RequestsTab({ onOpenRequest }: RequestsTabProps) {
  const { i18n } = useLingui()
  const session = useStore(selectSessionStatus)
  const status = useStore(selectRequestsStatus)
  const loadedAt = useStore(selectRequestsLoadedAt)
  const showAll = useStore(selectShowAll)
  const position = useStore(selectPosition)
  const nextPage = useStore(selectNextPage)
  const pageStatus = useStore(selectPageStatus)
  const { setShowAll, loadRequests, loadMoreRequests } = useStore(
    useShallow((s) => ({
      setShowAll: s.setShowAll,
      loadRequests: s.loadRequests,
      loadMoreRequests: s.loadMoreRequests,
    })),
  )
  const shown = useShownRequests()
  const atRequestLimit = atActiveRequestLimit(useStore(selectRequests))
  const [creating, setCreating] = useState(false)
  const loggedIn = session === 'loggedIn'

  useEffect(() => {
    if (loggedIn) void loadRequests()
  }, [loggedIn, loadRequests])

  // While a stored session is checked, the list kept on the device shows at once; only without one, a spinner.
  if (session === 'checking' && shown.length === 0) return <Loader label={i18n._(requestMessages.loadingrequests)} />

  const refreshing = status === 'loading'
  const showAllBox = (
    <label className="checkbox">
      <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
      <span>{i18n._(requestMessages.showall)}</span>
    </label>
  )

  if (session === 'loggedOut') {
    return (
      // No "Show all requests" for a visitor: it would do nothing for them (docs/product.md#help-requests).
      <div className="requests">
        <section className="notice notice--locked" aria-labelledby="requests-locked">
          <h2 id="requests-locked" className="notice__title">
            <Trans id="requestslockedtitle" message="Log in to see help requests" />
          </h2>
          <p>
            <Trans
              id="requestslockedtext"
              message="Help requests are for registered users: log in to ask for help or to help cyclists near you."
            />
          </p>
          <Link href="/login" className="button button--primary">
            {i18n._(screenTitles.login)}
          </Link>
        </section>
      </div>
    )
  }

  return (
    <div className="requests">
      <div className="requests__toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={atRequestLimit}
          aria-describedby={atRequestLimit ? 'requests-limit' : undefined}
          onClick={() => setCreating(true)}
        >
          {i18n._(requestMessages.newrequest)}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void loadRequests()}
          aria-disabled={refreshing || undefined}
        >
          {i18n._(refreshing ? requestMessages.refreshing : requestMessages.refresh)}
        </button>
      </div>
      {atRequestLimit && (
        <p id="requests-limit" className="field__hint">
          {i18n._(messages.activelimitreached)}
        </p>
      )}
      <HelpNowSwitch compact />
      {showAllBox}
      <PullToRefresh onRefresh={loadRequests} refreshing={refreshing}>
        <FormMessage tone="error" text={status === 'failed' ? i18n._(messages.failedtofetchrequests) : null} />
        {status === 'unreachable' && <OfflineListNotice loadedAt={loadedAt} />}
        {/* New requests waiting on the phone for a network, where they will appear (docs/outbox.md). */}
        <PendingRequests />
        {status === 'loading' && shown.length === 0 ? (
          <Loader label={i18n._(requestMessages.loadingrequests)} />
        ) : (status === 'loaded' || loadedAt !== null) && shown.length === 0 ? (
          <p className="requests__empty">
            <Trans id="norequests" message="No help requests to show right now." />
          </p>
        ) : (
          <RequestList requests={shown} position={position} onOpen={onOpenRequest} />
        )}
        {showAll && nextPage && (
          <div className="requests__more">
            <FormMessage tone="error" text={pageStatus === 'failed' ? i18n._(messages.failedtofetchrequests) : null} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void loadMoreRequests()}
              aria-disabled={pageStatus === 'loading' || undefined}
            >
              {i18n._(pageStatus === 'loading' ? requestMessages.loadingmore : requestMessages.loadmore)}
            </button>
          </div>
        )}
      </PullToRefresh>
      <LazyNewRequestDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  )
}
