import { phoneExists } from '../api.ts'
import { FieldError } from '#shared/form/field-error.ts'
import { loadPhoneParser } from '#shared/phone/parser.ts'
import { checkPhone } from '#shared/phone/rules.ts'

/**
 * The number of an existing account as typed in step 1 of the reset and code login wizards, in E.164, or the field's
 * error: the wizard says "No user found with this phonenumber" (phonenumbernotfound, docs/product.md#accounts) rather than wait for a code
 * the server never sends to a number without an account.
 */
export async function accountPhone(input: string): Promise<string> {
  const parsed = checkPhone(input, await loadPhoneParser(), 'enterphone')
  if ('error' in parsed) throw new FieldError(parsed.error, 'phone')
  if (!(await phoneExists(parsed.phone))) throw new FieldError('phonenumbernotfound', 'phone')
  return parsed.phone
}
