import type { HelpRequest } from '../../../web/src/features/requests/api.ts'

/** A help request as the API answers it; tests override what matters to them. */
export function helpRequest(fields: Partial<HelpRequest> = {}): HelpRequest {
  return {
    request_id: 1,
    category: 'other',
    status: 'new',
    description: 'Help',
    user_name: 'someone',
    phone: '+358401234567',
    latitude: null,
    longitude: null,
    isApproximate: false,
    is_test: false,
    views: null,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    responder_id: null,
    responder_user_name: null,
    responder_distance_km: null,
    responder_phone: null,
    isOwnRequest: false,
    got_help: null,
    phoneOnlyToHelper: false,
    phoneLimitReached: false,
    mayActAbout: [{ about: 'owner', user_name: 'someone' }],
    ...fields,
  }
}
