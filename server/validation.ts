import { Ajv, type Options, type ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { REQUEST_ERRORS } from './domain/requests/errors.ts'
import { hasUnstorableText } from './domain/shared/unstorable-text.ts'
import { badRequest } from './errors.ts'

/** Fastify's own defaults (@fastify/ajv-compiler), kept for everything but type coercion. */
const BASE: Options = {
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
  strict: false,
}

/**
 * Params and query strings arrive as text, so "42" must become 42 there. A JSON body already has types,
 * and coercing it corrupts data: Fastify's default turns `null` into 0 inside `anyOf [number, null]`, so a
 * missing longitude became the meridian. Bodies are validated without coercion.
 */
const textParts = new Ajv({ ...BASE, coerceTypes: 'array' })
const jsonBodies = new Ajv({ ...BASE, coerceTypes: false })

/**
 * The invalidcharacters text (docs/product.md#messages): text that cannot be stored gets the same words as a description with
 * characters outside its rule, so the web client shows one translation for both.
 */
export const INVALID_CHARACTERS_MESSAGE = REQUEST_ERRORS.descriptionChars

/**
 * Every route's body, params and query string pass through here, so this one check keeps unstorable text
 * out of every handler. It runs before the schema: a field with a pattern or a length would otherwise be
 * answered "Bad request", which does not tell the user what is wrong.
 */
function refusingUnstorableText(validate: ValidateFunction): ReturnType<FastifySchemaCompiler<object>> {
  const checked = (data: unknown, context?: Parameters<ValidateFunction>[1]) =>
    // Fastify answers `{ error }` with the error's own status and message (HttpError: 400, our text).
    hasUnstorableText(data) ? { error: badRequest(INVALID_CHARACTERS_MESSAGE) } : validate(data, context)
  // Fastify reads the schema's failures from `errors`, and passes the parent object (so that Ajv may replace a
  // coerced root value) only to a function that has `schemaEnv`, as Ajv's own do.
  Object.defineProperty(checked, 'errors', { get: () => validate.errors })
  Object.defineProperty(checked, 'schemaEnv', { value: validate.schemaEnv })
  return checked
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const validate = (httpPart === 'body' ? jsonBodies : textParts).compile(schema)
  // Headers cannot hold such text: Node's parser refuses NUL in them, and their bytes are read as Latin-1, which has
  // no surrogates. Not looking spares every request to a route that declares a header (If-None-Match, Idempotency-Key)
  // a walk over all its headers.
  return httpPart === 'headers' ? validate : refusingUnstorableText(validate)
}
