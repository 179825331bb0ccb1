import { Type } from '@sinclair/typebox'

export const Message = Type.Object({ message: Type.String() })

/**
 * A free-text field. The schema only bounds its size and type: the domain rules give the SPEC's own
 * messages (e.g. "Username must be 3-16 characters"), which a schema error could not.
 */
export const Text = Type.String({ maxLength: 2000 })

export const Latitude = Type.Number({ minimum: -90, maximum: 90 })
export const Longitude = Type.Number({ minimum: -180, maximum: 180 })
