import { newPasswordProblem, radiusProblem, userNameProblem } from '#server/domain/accounts/validation.ts'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'

/**
 * The account rules of docs/product.md#accounts, checked in the browser for a quick answer with the server's own functions
 * (server/domain/accounts/validation.ts); a problem's server text maps to its catalog key through the same table as the
 * server's answers. The server checks again and is the authority.
 */

// The limits the forms size their fields by, defined once with the rules.
export { RADIUS_MAX_DIGITS, USER_NAME_MAX } from '#server/domain/accounts/validation.ts'

const keyOf = (problem: string | null): MessageKey | null => (problem === null ? null : keyForServerError(problem))

/** Checks the name as the server stores it: without spaces at either end, counted in characters ("Åsa" is 3). */
export const usernameError = (input: string): MessageKey | null => keyOf(userNameProblem(input))

export const passwordError = (password: string): MessageKey | null => keyOf(newPasswordProblem(password))

/** Radius in km as typed: digits only, one to three of them, at least 1. */
export const radiusError = (radius: string): MessageKey | null => keyOf(radiusProblem(radius))
