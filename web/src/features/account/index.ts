/** What other features use of account/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { RadiusInfo } from './RadiusInfo.tsx'
export {
  type NotificationPreferences,
  changeAvailableToHelp,
  changeNotificationPreferences,
  changePassword,
  changeRadius,
  changeUsername,
  deleteAccount,
  fetchUserCount,
} from './api.ts'
export { selectLocationStatus, selectPosition } from './location/slice.ts'
export { selectIsAdmin, selectIsLoggedIn, selectSessionStatus, selectUser } from './session/slice.ts'
export type { SessionStatus } from './session/status.ts'
export { RADIUS_MAX_DIGITS, USER_NAME_MAX, passwordError, radiusError, usernameError } from './validation.ts'
