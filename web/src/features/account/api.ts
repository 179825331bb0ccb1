import type { NotificationPreferencesBody, RegisterBody } from '#server/schemas/user.ts'
import type { Language } from '#shared/i18n/language.ts'
import { apiFetch, apiPut } from '#shared/api/client.ts'
import { ApiError } from '#shared/api/errors.ts'
import type { Coordinates, SessionAnswer, User } from '#shared/api/types.ts'
import type { HelpNowPeriod } from '#server/domain/accounts/help-now.ts'

/** Typed calls of the /api/user endpoints (docs/product.md#accounts; the OpenAPI at /api/docs). */

const post = <T>(path: string, body: unknown, auth = false) => apiFetch<T>(path, { method: 'POST', body, auth })

export const login = (identifier: string, password: string) =>
  post<SessionAnswer>('/api/user/login', { identifier, password })

/** The login with a code sent to the phone: the proof of a verification made for purpose "login". */
export const loginWithCode = (idToken: string) => post<SessionAnswer>('/api/user/login', { idToken })

export async function isUsernameAvailable(user_name: string): Promise<boolean> {
  return (await post<{ available: boolean }>('/api/user/check-username', { user_name })).available === true
}

export async function isPhoneAvailable(phone: string): Promise<boolean> {
  return (
    (await post<{ available: boolean }>('/api/user/check-phone', { phone, checkType: 'availability' })).available ===
    true
  )
}

export async function phoneExists(phone: string): Promise<boolean> {
  return (await post<{ exists: boolean }>('/api/user/check-phone', { phone, checkType: 'exists' })).exists === true
}

/** POST /api/user/register: the server's body type. */
export type Registration = RegisterBody

export type NotificationPreferences = NotificationPreferencesBody

export const register = (registration: Registration) => post<SessionAnswer>('/api/user/register', registration)

export const setNewPassword = (phone: string, newPassword: string, idToken: string) =>
  apiFetch<{ message: string }>(`/api/user/${encodeURIComponent(phone)}/newpassword`, {
    method: 'PUT',
    body: { newPassword, idToken },
    auth: false,
    fallbackMessage: 'Request update failed',
  })

export const fetchCurrentUser = async (): Promise<User> =>
  (await apiFetch<{ user: User }>('/api/user/protected-route')).user

export const logout = () => post<void>('/api/user/logout', {}, true)

export const changeUsername = async (user_name: string): Promise<User> =>
  (await apiPut<{ user: User }>('/api/user/username', { user_name })).user

export const changeRadius = async (radius: number): Promise<User> =>
  (await apiPut<{ user: User }>('/api/user/radius', { radius })).user

/** Quiet hours and the hourly cap of alerts about other people's new requests (all the user's devices). */
export const changeNotificationPreferences = async (preferences: NotificationPreferences): Promise<User> =>
  (await apiPut<{ user: User }>('/api/user/notification-preferences', preferences)).user

/**
 * "I can help now" (all the user's devices): off, no alerts about other people's new requests; on with `period`,
 * off again after it.
 */
export const changeAvailableToHelp = async (availableToHelp: boolean, period?: HelpNowPeriod): Promise<User> =>
  (
    await apiPut<{ user: User }>('/api/user/available-to-help', {
      availableToHelp,
      ...(period ? { for: period } : {}),
    })
  ).user

export const changePassword = (oldPassword: string, newPassword: string) =>
  apiPut<{ message: string }>('/api/user/password', { oldPassword, newPassword })

export const changeLanguage = async (language: Language): Promise<User> =>
  (await apiPut<{ user: User }>('/api/user/language', { language })).user

export const deleteAccount = () => apiFetch<void>('/api/user', { method: 'DELETE' })

export const fetchSavedLocation = () =>
  apiFetch<{ latitude: number | null; longitude: number | null }>('/api/user/location')

/** Longest the client waits for its turn when the server says it reported too recently. */
const REPORT_WAIT_MAX_SECONDS = 15

/**
 * Reports the position. The server takes one report per 10 s; one that comes sooner (another tab of the same user,
 * or the settings button just after an automatic report) waits for the Retry-After the server names and is sent
 * once more, so the person never sees that limit.
 */
export async function reportLocation(
  { latitude, longitude }: Coordinates,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Coordinates> {
  const put = () => apiPut<Coordinates>('/api/user/location', { latitude, longitude })
  try {
    return await put()
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error
    await wait(Math.min(error.retryAfterSeconds ?? REPORT_WAIT_MAX_SECONDS, REPORT_WAIT_MAX_SECONDS) * 1000)
    return put()
  }
}

export const fetchUserCount = async (): Promise<number> =>
  (await apiFetch<{ userCount: number }>('/api/user/user-count')).userCount
