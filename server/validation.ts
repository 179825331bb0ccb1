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

/*
 * Every route's body, params and query string pass through the validator below, so its one check keeps unstorable
 * text out of every handler. It runs before the schema: a field with a pattern or a length would otherwise be
 * answered "Bad request", which does not tell the user what is wrong.
 */
/**
 * A route's validator is compiled by Ajv on its first use, not when the route is added: a start compiled every
 * route's schemas (a few hundred milliseconds of CPU) before it could answer, for routes most instances never
 * see (docs/adr/0024-a-server-that-starts-fast.md). Fastify reads `schemaEnv` just before each call and `errors`
 * after a failed one; both come from the compiled function. The schemas are checked at build time by the test
 * that compiles them all (test/unit/server/validation-schemas.test.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  let compiled: ValidateFunction | undefined
  const compile = () => (compiled ??= (httpPart === 'body' ? jsonBodies : textParts).compile(schema))
  // Headers cannot hold such text: Node's parser refuses NUL in them, and their bytes are read as Latin-1, which has
  // no surrogates. Not looking spares every request to a route that declares a header (If-None-Match, Idempotency-Key)
  // a walk over all its headers.
  const checked =
    httpPart === 'headers'
      ? (data: unknown, context?: Parameters<ValidateFunction>[1]) => compile()(data, context)
      : (data: unknown, context?: Parameters<ValidateFunction>[1]) =>
          // Fastify answers `{ error }` with the error's own status and message (HttpError: 400, our text).
          hasUnstorableText(data) ? { error: badRequest(INVALID_CHARACTERS_MESSAGE) } : compile()(data, context)
  // Fastify reads the schema's failures from `errors`, and passes the parent object (so that Ajv may replace a
  // coerced root value) only to a function that has `schemaEnv`, as Ajv's own do.
  Object.defineProperty(checked, 'errors', { get: () => compiled?.errors })
  Object.defineProperty(checked, 'schemaEnv', { get: () => compile().schemaEnv })
  return checked
}

/** Compiles a validator now (the schema test): Ajv throws on a schema it cannot compile. */
export function compileValidatorNow(schema: object, httpPart: string): void {
  ;(httpPart === 'body' ? jsonBodies : textParts).compile(schema)
}
