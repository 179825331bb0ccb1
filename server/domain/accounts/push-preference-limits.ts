/**
 * The limits of a user's hourly push cap (migration 00010), without imports: the web app's entry reads the default
 * for a stored user, and must not load the rules and their messages with it (push-preference-rules.ts).
 */
export const HOURLY_CAP_MIN = 1
export const HOURLY_CAP_MAX = 30
export const HOURLY_CAP_DEFAULT = 6
/** The caps the settings offer; any whole number within the limits is accepted from API clients. */
export const HOURLY_CAP_CHOICES = [1, 2, 3, 4, 6, 10, 15, 20, 30] as const
