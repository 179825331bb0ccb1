import { Type, type Static } from '@sinclair/typebox'
import { LANGUAGES } from '../domain/user-validation.ts'
import { PURPOSES } from '../domain/phone-validation.ts'
import { Latitude, Longitude, Message, Text } from './common.ts'

export const LanguageSchema = Type.Union(LANGUAGES.map((language) => Type.Literal(language)))
export const PurposeSchema = Type.Union(PURPOSES.map((purpose) => Type.Literal(purpose)))

export const PublicUser = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.String(),
  phone: Type.String(),
  radius: Type.Integer(),
  language: LanguageSchema,
  isAdmin: Type.Boolean(),
})
/** The user the server answers with (login, register, protected-route, username, radius, language). */
export type PublicUser = Static<typeof PublicUser>

export const SessionAnswer = Type.Object({ token: Type.String(), user: PublicUser })
/** Login and registration answers: the access token (a JWT) and the user. The refresh token is a cookie. */
export type SessionAnswer = Static<typeof SessionAnswer>
export const UserAnswer = Type.Object({ user: PublicUser })
export const MessageAndUser = Type.Object({ message: Type.String(), user: PublicUser })

/** The SPEC's radius field is a string of digits; API clients may send a number. */
const Radius = Type.Union([Type.Integer(), Text])

export const CheckUsernameBody = Type.Object({ user_name: Text })
export const CheckPhoneBody = Type.Object({
  phone: Text,
  checkType: Type.Union([Type.Literal('availability'), Type.Literal('exists')]),
})

export const RegisterBody = Type.Object({
  user_name: Text,
  phone: Text,
  password: Type.String({ maxLength: 10_000 }),
  radius: Radius,
  latitude: Type.Optional(Type.Union([Latitude, Type.Null()])),
  longitude: Type.Optional(Type.Union([Longitude, Type.Null()])),
  idToken: Type.String({ maxLength: 10_000 }),
  language: Type.Optional(LanguageSchema),
})
export type RegisterBody = Static<typeof RegisterBody>

export const LoginBody = Type.Object({ identifier: Text, password: Type.String({ maxLength: 10_000 }) })
export const UsernameBody = Type.Object({ user_name: Text })
export const RadiusBody = Type.Object({ radius: Radius })
export const LanguageBody = Type.Object({ language: LanguageSchema })
export const PasswordBody = Type.Object({
  oldPassword: Type.String({ maxLength: 10_000 }),
  newPassword: Type.String({ maxLength: 10_000 }),
})
export const NewPasswordParams = Type.Object({ phone: Text })
export const NewPasswordBody = Type.Object({
  newPassword: Type.String({ maxLength: 10_000 }),
  idToken: Type.String({ maxLength: 10_000 }),
})

export const LocationBody = Type.Object({ latitude: Latitude, longitude: Longitude })
export const LocationAnswer = Type.Object({
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
})

export const SendCodeBody = Type.Object({ phone: Text, purpose: PurposeSchema })
export const VerifyCodeBody = Type.Object({ phone: Text, code: Type.String({ maxLength: 100 }) })

export { Message }
