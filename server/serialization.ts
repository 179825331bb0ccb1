import fastJsonStringify from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'

/**
 * A route's response serializer, built by fast-json-stringify on its first use rather than when the route is added
 * (what Fastify's own compiler, @fastify/fast-json-stringify-compiler, builds, with no shared schemas: the app adds
 * none). A start built every route's serializers before it could answer (docs/adr/0024-a-server-that-starts-fast.md).
 * test/server/validation/unstorable-text.test.ts builds them all, so that a bad schema fails there, not at run time.
 */
export const serializerCompiler: FastifySerializerCompiler<object> = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined
  return (data: unknown) => (serialize ??= compileSerializerNow(schema))(data)
}

/** Builds a serializer now: fast-json-stringify throws on a schema it cannot build. */
export function compileSerializerNow(schema: object): (data: unknown) => string {
  return fastJsonStringify(schema, { schema: {} }) as (data: unknown) => string
}
