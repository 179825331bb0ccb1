import { Ajv, type Options } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

/** Fastify's own defaults (@fastify/ajv-compiler), kept for everything but type coercion. */
const BASE: Options = { useDefaults: true, removeAdditional: true, addUsedSchema: false, allErrors: false, strict: false }

/**
 * Params and query strings arrive as text, so "42" must become 42 there. A JSON body already has types,
 * and coercing it corrupts data: Fastify's default turns `null` into 0 inside `anyOf [number, null]`, so a
 * missing longitude became the meridian. Bodies are validated without coercion.
 */
const textParts = new Ajv({ ...BASE, coerceTypes: 'array' })
const jsonBodies = new Ajv({ ...BASE, coerceTypes: false })

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? jsonBodies : textParts).compile(schema)
