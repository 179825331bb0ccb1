import { badRequest } from '../../errors.ts'
import {
  ABILITY_LANGUAGES,
  KIT_ITEMS,
  TRANSPORT_MODES,
  type Abilities,
  type AbilityLanguage,
  type KitItem,
  type TransportMode,
} from '../shared/abilities.ts'
import { USER_ERRORS } from './errors.ts'
import type { UserRow } from './rows.ts'

/**
 * What a helper can help with (docs/product.md#abilities, migration 00028): read with the user, set by
 * PUT /api/user/abilities, used by the waves only (server/push/wave-selection.ts) and never shown to anyone else.
 */

/** The message naming each field of the body, for any problem with it. */
const FIELD_PROBLEMS: Record<keyof Abilities, string> = {
  kit: USER_ERRORS.abilitiesKit,
  transport: USER_ERRORS.abilitiesTransport,
  firstAid: USER_ERRORS.abilitiesFirstAid,
  languages: USER_ERRORS.abilitiesLanguages,
}

interface SchemaFailure {
  instancePath: string
  params: { missingProperty?: string }
}

/**
 * The 400 for a body the schema refused, naming the field that is wrong or missing: the route attaches the schema's
 * failure instead of answering it, so the session is checked first and the answer says what to fix rather than
 * "Bad request". A refusal that is not the schema's (text that cannot be stored: server/validation.ts) stays as is.
 */
export function abilitiesRefusal(error: Error & { validation?: SchemaFailure[] }): Error {
  const failure = error.validation?.[0]
  if (!failure) return error
  const field = failure.instancePath.split('/')[1] || failure.params.missingProperty
  return field !== undefined && field in FIELD_PROBLEMS
    ? badRequest(FIELD_PROBLEMS[field as keyof Abilities])
    : badRequest()
}

/** Each item once, in the order of its list, whatever order and repetitions it came in. */
const inListOrder = <T extends string>(list: readonly T[], chosen: readonly string[]): T[] =>
  list.filter((item) => chosen.includes(item))

/** The body as stored: duplicates dropped (the schema has refused anything outside the lists already). */
export function checkAbilities(body: Abilities): Abilities {
  return {
    kit: inListOrder<KitItem>(KIT_ITEMS, body.kit),
    transport: inListOrder<TransportMode>(TRANSPORT_MODES, body.transport),
    firstAid: body.firstAid,
    languages: inListOrder<AbilityLanguage>(ABILITY_LANGUAGES, body.languages),
  }
}

/** The user's abilities as the API shows them (to the user alone). */
export function abilitiesOf(
  row: Pick<UserRow, 'ability_kit' | 'ability_transport' | 'ability_first_aid' | 'ability_languages'>,
): Abilities {
  return {
    kit: inListOrder(KIT_ITEMS, row.ability_kit),
    transport: inListOrder(TRANSPORT_MODES, row.ability_transport),
    firstAid: row.ability_first_aid,
    languages: inListOrder(ABILITY_LANGUAGES, row.ability_languages),
  }
}
