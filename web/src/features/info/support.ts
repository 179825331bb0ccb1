import { useClientConfig } from '#shared/api/useClientConfig.ts'
import type { ClientConfig } from '#shared/api/types.ts'

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

/** The server's defaults of PHONE_REACH_KM and PHONE_REVEALS_PER_DAY. */
const DEFAULT_PHONE_REACH = { km: 30, perDay: 20 }
const selectPhoneReach = (config: ClientConfig) => config.phoneReach

/**
 * The limits of phone numbers by reach on this installation (from /api/config), for the privacy statement's texts;
 * the server's defaults while loading or when the config cannot be fetched, so the statement is never without them.
 */
export function usePhoneReach(): { km: number; perDay: number } {
  const phoneReach = useClientConfig(selectPhoneReach, 'the phone reach limits')
  return phoneReach && phoneReach !== 'failed' ? phoneReach : DEFAULT_PHONE_REACH
}

/** The server's default of MODERATION_RECORD_DAYS. */
const DEFAULT_MODERATION_RECORD_DAYS = 365
const selectModerationRecordDays = (config: ClientConfig) => config.moderationRecordDays

/**
 * How long a deleted account's moderation records are kept on this installation (from /api/config), for the privacy
 * statement; the server's default while loading or when the config cannot be fetched.
 */
export function useModerationRecordDays(): number {
  const days = useClientConfig(selectModerationRecordDays, 'the moderation record days')
  return typeof days === 'number' ? days : DEFAULT_MODERATION_RECORD_DAYS
}

/** docs/product.md#screens-and-routes: the app version shown on the info page. */
export const APP_VERSION = '2.0.2'
