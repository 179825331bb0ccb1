import { useClientConfig } from '../../api/useClientConfig.ts'
import type { ClientConfig } from '../../api/types.ts'

const selectSupportEmail = (config: ClientConfig) => config.supportEmail

/**
 * The support address of this installation (the server's SUPPORT_EMAIL, from /api/config): null while loading,
 * 'failed' when it could not be fetched (offline on a first visit; afterwards the service worker has a copy).
 */
export function useSupportEmail(): string | null | 'failed' {
  return useClientConfig(selectSupportEmail, 'the support address')
}

/** SPEC 9: the app version shown on the info page. */
export const APP_VERSION = '2.0.2'
