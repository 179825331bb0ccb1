import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { badRequest } from '../../errors.ts'
import { phoneTextProblem } from './phone-validation.ts'
import { USER_ERRORS } from './errors.ts'

/**
 * The one form a phone number is stored and compared in: E.164, Finland as the default country, so
 * "040 123 4567", "+358 40 1234567" and "(040) 123-4567" are the same number.
 */
export function normalisePhone(input: string): string {
  const problem = phoneTextProblem(input)
  if (problem !== null) throw badRequest(problem)
  const parsed = parsePhoneNumberFromString(input.trim(), 'FI')
  if (!parsed?.isValid()) throw badRequest(USER_ERRORS.invalidPhone)
  return parsed.number
}

/** For inputs that may be a user name or a phone number: the E.164 form, or undefined when it is no phone. */
export function phoneOrUndefined(input: string): string | undefined {
  try {
    return normalisePhone(input)
  } catch {
    return undefined
  }
}
