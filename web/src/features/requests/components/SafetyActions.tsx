import type { HelpRequest } from '../api.ts'
import { BlockAction } from '#features/blocks'

interface SafetyActionsProps {
  request: HelpRequest
  /** The owner was blocked: the request is gone for this user and its detail closes. */
  onOwnerBlocked: () => void
}

/**
 * The way out from someone who behaves badly, at the end of a request's detail (docs/safety.md, "Blocks"): "Block
 * {name}" for each person the server says this user may block (`mayActAbout`, the one rule of reports and blocks):
 * others block its owner; the owner (and admins) its helper, also the one who left or was removed, since the server
 * names the most recent helper. The app decides nothing itself, so it offers exactly what the server accepts.
 */
export function SafetyActions({ request, onOwnerBlocked }: SafetyActionsProps) {
  return request.mayActAbout.map(({ about, user_name }) => (
    // Keyed by the person too: a new helper is a new "Block", not the done state of the earlier one's.
    <BlockAction
      key={`${about}:${user_name}`}
      request={request}
      about={about}
      name={user_name}
      onOwnerBlocked={onOwnerBlocked}
    />
  ))
}
