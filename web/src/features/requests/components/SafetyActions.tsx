import { useState } from 'react'
import type { HelpRequest } from '../api.ts'
import { BlockAction } from '../../blocks/BlockAction.tsx'

interface SafetyActionsProps {
  request: HelpRequest
  /** The owner was blocked: the request is gone for this user and its detail closes. */
  onOwnerBlocked: () => void
}

/**
 * The way out from someone who behaves badly, at the end of a request's detail (docs/safety.md): others block its
 * owner; the owner blocks its helper, also the one who just left or was removed while the detail is open (the server
 * takes the most recent helper), so the block's own answer does not take the action away mid-dialog.
 */
export function SafetyActions({ request, onOwnerBlocked }: SafetyActionsProps) {
  const [lastHelper, setLastHelper] = useState(request.responder_user_name)
  if (request.responder_user_name !== null && request.responder_user_name !== lastHelper)
    setLastHelper(request.responder_user_name)

  if (!request.isOwnRequest)
    return <BlockAction request={request} about="owner" name={request.user_name} onOwnerBlocked={onOwnerBlocked} />
  if (lastHelper === null) return null
  return <BlockAction request={request} about="responder" name={lastHelper} onOwnerBlocked={onOwnerBlocked} />
}
