import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import type { HelpRequest } from '#features/requests'
import { formMessages } from '#shared/form/form-catalog.ts'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { blockFromRequest, type RequestRole } from './api.ts'
import { blockMessages } from './blocks-catalog.ts'
import './blocks.css'

interface BlockActionProps {
  request: HelpRequest
  about: RequestRole
  /** The name of the person `about` names, as the detail shows it. */
  name: string
  /** Blocked the owner, and read that it is done: their request is gone for this user, and its detail closes. */
  onOwnerBlocked: () => void
}

/**
 * "Block Olga" in a request detail (docs/safety.md, "Blocks"): a dialog says what a block does, then that it is done
 * and where it is lifted. Blocking the owner takes their request out of the list as the dialog closes (the server
 * also tells every open app of the user to fetch its list again).
 */
export function BlockAction({ request, about, name, onOwnerBlocked }: BlockActionProps) {
  const { i18n } = useLingui()
  const dropRequest = useStore((s) => s.dropRequest)
  const refetchRequests = useStore((s) => s.refetchRequests)
  const expectOwnChange = useStore((s) => s.expectOwnChange)
  const { busy, error, submitWith } = useAction()
  const [phase, setPhase] = useState<'closed' | 'confirm' | 'done'>('closed')
  const [blockedName, setBlockedName] = useState(name)
  const [blocked, setBlocked] = useState(false)

  async function block() {
    // Blocking the owner hides their request from this user: their own doing, which the open detail does not
    // announce as "no longer shown" (it closes with this dialog instead).
    if (about === 'owner') expectOwnChange(request.request_id)
    const made = await blockFromRequest(request.request_id, about)
    setBlockedName(made.user_name)
    setBlocked(true)
    setPhase('done')
  }

  function close() {
    const done = phase === 'done'
    setPhase('closed')
    if (!done) return
    void refetchRequests()
    if (about === 'owner') {
      dropRequest(request.request_id)
      onOwnerBlocked()
    }
  }

  return (
    <div className="block-action">
      {blocked ? (
        <p className="block-action__done">{i18n._(blockMessages.blockdone.id, { name: blockedName })}</p>
      ) : (
        <button type="button" className="link-button" onClick={() => setPhase('confirm')}>
          {i18n._(blockMessages.blockperson.id, { name })}
        </button>
      )}
      <Dialog
        open={phase !== 'closed'}
        onClose={close}
        title={i18n._(blockMessages.blockquestion.id, { name: blockedName })}
      >
        {phase === 'done' ? (
          <div className="form">
            <FormMessage tone="success" text={i18n._(blockMessages.blockdone.id, { name: blockedName })} />
            <div className="dialog__actions">
              <button type="button" className="button button--primary" onClick={close}>
                {i18n._(shellMessages.close)}
              </button>
            </div>
          </div>
        ) : (
          <form className="form" noValidate onSubmit={submitWith(block)}>
            <div className="prose">
              <p>{i18n._(blockMessages.blockexplained.id, { name })}</p>
              <p>{i18n._(blockMessages.blockreporthint)}</p>
            </div>
            <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
            <FormActions
              className="dialog__actions"
              leaveLabel={i18n._(formMessages.cancel)}
              onLeave={close}
              busy={busy}
              variant="danger"
            >
              {i18n._(blockMessages.blockconfirm)}
            </FormActions>
          </form>
        )}
      </Dialog>
    </div>
  )
}
