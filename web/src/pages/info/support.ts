/**
 * The support address shown on the info page and in the privacy statement. The one place it is set: the server's
 * /api/config will provide it later, so an installation can use its own address.
 */
export const SUPPORT_EMAIL = 'support@pyoraapu.fi'

/** SPEC 9: the app version shown on the info page. */
export const APP_VERSION = '2.0.2'
