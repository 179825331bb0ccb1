import { useClientConfig } from '../../api/useClientConfig.ts'
import type { ClientConfig } from '../../api/types.ts'

/** The address in an object, so that no address can be mistaken for the 'failed' state. */
export interface SupportEmail {
  address: string
}

const selectSupportEmail = (config: ClientConfig): SupportEmail => ({ address: config.supportEmail })

/**
 * The support address of this installation (the server's SUPPORT_EMAIL, from /api/config): null while loading,
 * 'failed' when it could not be fetched (offline on a first visit; afterwards the service worker has a copy).
 */
export function useSupportEmail(): SupportEmail | null | 'failed' {
  return useClientConfig(selectSupportEmail, 'the support address')
}

/** SPEC 9: the app version shown on the info page. */
export const APP_VERSION = '2.0.2'
