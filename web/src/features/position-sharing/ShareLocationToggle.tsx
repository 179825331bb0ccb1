import { useLingui } from '@lingui/react'
import type { HelpRequest } from '#features/requests'
import { positionMessages } from './position-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'

/**
 * The helper's switch for "On my way": off by default, one tap to start, one to stop, and while on, a box that says
 * so in words (not only the button's state), and that the app must stay open: a web app cannot follow the position
 * with the screen locked (the screen is kept on while sharing: keep-screen-on-while-sharing.ts). Sharing stops by
 * itself when the response ends.
 */
export function ShareLocationToggle({ request }: { request: HelpRequest }) {
  const { i18n } = useLingui()
  const id = request.request_id
  const sharing = useStore((s) => s.sharing[id] === true)
  const refused = useStore((s) => s.sharingRefused[id] === true)
  const startSharing = useStore((s) => s.startSharing)
  const stopSharing = useStore((s) => s.stopSharing)
  const name = request.user_name
  if (!sharing)
    return (
      <>
        <FormMessage tone="warning" text={refused ? i18n._(positionMessages.sharingrefused) : null} />
        <button type="button" className="button button--secondary share-location" onClick={() => startSharing(id)}>
          <span className="share-location__dot share-location__dot--off" aria-hidden="true" />
          {i18n._(positionMessages.sharelocationwith.id, { name })}
        </button>
      </>
    )
  return (
    <div className="share-location share-location--on" role="status">
      <p className="share-location__text">
        <span className="share-location__dot" aria-hidden="true" />
        {i18n._(positionMessages.sharinglocationwith.id, { name })}
      </p>
      <p className="share-location__hint">{i18n._(positionMessages.keepappopen)}</p>
      <button type="button" className="button button--secondary" onClick={() => stopSharing(id)}>
        {i18n._(positionMessages.stopsharing)}
      </button>
    </div>
  )
}
