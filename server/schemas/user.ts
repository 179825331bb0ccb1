import { Type, type Static } from '@sinclair/typebox'
import { LANGUAGES } from '../domain/accounts/validation.ts'
import { PURPOSES } from '../domain/accounts/phone-validation.ts'
import { HELP_NOW_PERIODS } from '../domain/accounts/help-now.ts'
import { ABILITY_LANGUAGES, KIT_ITEMS, TRANSPORT_MODES } from '../domain/shared/abilities.ts'
import { Latitude, Longitude, Message, Nullable, Text } from './common.ts'

export const LanguageSchema = Type.Union(LANGUAGES.map((language) => Type.Literal(language)))
export const PurposeSchema = Type.Union(PURPOSES.map((purpose) => Type.Literal(purpose)))

/** One of a fixed list, as a JSON Schema enum (the OpenAPI document lists the values). */
const OneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * What the user can help with (docs/product.md#abilities): the body of PUT /api/user/abilities and `user.abilities`.
 * A list may repeat an item (it is stored once); at most as many as its list has, twice over, so a body stays small.
 */
export const AbilitiesSchema = Type.Object(
  {
    kit: Type.Array(OneOf(KIT_ITEMS), { maxItems: KIT_ITEMS.length * 2, description: 'Kit carried on rides' }),
    transport: Type.Array(OneOf(TRANSPORT_MODES), {
      maxItems: TRANSPORT_MODES.length * 2,
      description: 'A vehicle that can carry a cyclist and their bike',
    }),
    firstAid: Type.Boolean({ description: 'Trained in first aid' }),
    languages: Type.Array(OneOf(ABILITY_LANGUAGES), {
      maxItems: ABILITY_LANGUAGES.length * 2,
      description: 'Languages spoken',
    }),
  },
  {
    examples: [
      { kit: ['pump_presta', 'spare_tube', 'tyre_levers'], transport: [], firstAid: true, languages: ['fi', 'en'] },
      { kit: [], transport: ['car_with_rack'], firstAid: false, languages: ['sv'] },
    ],
  },
)

export const PublicUser = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.String(),
  phone: Type.String(),
  radius: Type.Integer(),
  language: LanguageSchema,
  isAdmin: Type.Boolean(),
  /** Quiet hours for new-request alerts, Helsinki wall-clock "HH:MM"; both null: none. */
  quietStart: Nullable(Type.String()),
  quietEnd: Nullable(Type.String()),
  /** The most alerts about other people's new requests in one hour. */
  hourlyCap: Type.Integer(),
  /** "I can help now": false, no alerts about other people's new requests (the waves pass the user over). */
  availableToHelp: Type.Boolean(),
  /** While on for a chosen time, when it goes off (ISO 8601); null while on with no end, or off. */
  availableUntil: Nullable(Type.String({ format: 'date-time' })),
  /** What the user can help with: shown to the user alone, used by the waves of alerts (all empty: nothing said). */
  abilities: AbilitiesSchema,
})
/**
 * The user the server answers with (login, register, protected-route, username, radius, language, notification
 * preferences, available to help).
 */
export type PublicUser = Static<typeof PublicUser>

export const SessionAnswer = Type.Object({ token: Type.String(), user: PublicUser })
/** Login and registration answers: the access token (a JWT) and the user. The refresh token is a cookie. */
export type SessionAnswer = Static<typeof SessionAnswer>
export const UserAnswer = Type.Object({ user: PublicUser })
export const MessageAndUser = Type.Object({ message: Type.String(), user: PublicUser })

/** The contract's radius field is a string of digits (docs/product.md#accounts); API clients may send a number. */
const Radius = Type.Union([Type.Integer(), Text])

export const CheckUsernameBody = Type.Object({ user_name: Text }, { examples: [{ user_name: 'MattiV' }] })
export const CheckPhoneBody = Type.Object(
  {
    phone: Text,
    checkType: Type.Union([Type.Literal('availability'), Type.Literal('exists')]),
  },
  { examples: [{ phone: '040 123 4567', checkType: 'availability' }] },
)

export const RegisterBody = Type.Object(
  {
    user_name: Text,
    phone: Text,
    password: Type.String({ maxLength: 10_000 }),
    radius: Radius,
    latitude: Type.Optional(Nullable(Latitude)),
    longitude: Type.Optional(Nullable(Longitude)),
    idToken: Type.String({ maxLength: 10_000 }),
    language: Type.Optional(LanguageSchema),
  },
  {
    examples: [
      {
        user_name: 'MattiV',
        phone: '+358401234567',
        password: 'Polkupyörä-2026',
        radius: '10',
        latitude: 60.1699,
        longitude: 24.9384,
        idToken: 'eyJhbGciOiJIUzI1NiJ9.example',
        language: 'finnish',
      },
    ],
  },
)
export type RegisterBody = Static<typeof RegisterBody>

export const PasswordLoginBody = Type.Object(
  { identifier: Text, password: Type.String({ maxLength: 10_000 }) },
  { examples: [{ identifier: 'MattiV', password: 'Polkupyörä-2026' }] },
)
/** A login with a code sent to the phone: the proof of a verification made with `purpose: "login"`. */
export const CodeLoginBody = Type.Object(
  { idToken: Type.String({ maxLength: 10_000 }) },
  { examples: [{ idToken: 'eyJhbGciOiJIUzI1NiJ9.example' }] },
)
export const LoginBody = Type.Union([PasswordLoginBody, CodeLoginBody])
export const UsernameBody = Type.Object({ user_name: Text }, { examples: [{ user_name: 'LiisaK' }] })
export const RadiusBody = Type.Object({ radius: Radius }, { examples: [{ radius: '25' }] })
export const NotificationPreferencesBody = Type.Object(
  {
    quietStart: Nullable(Text),
    quietEnd: Nullable(Text),
    hourlyCap: Type.Integer(),
  },
  {
    examples: [
      { quietStart: '22:00', quietEnd: '07:00', hourlyCap: 6 },
      { quietStart: null, quietEnd: null, hourlyCap: 10 },
    ],
  },
)
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesBody>
export const AvailableToHelpBody = Type.Object(
  {
    availableToHelp: Type.Boolean(),
    for: Type.Optional(
      Type.Union(
        HELP_NOW_PERIODS.map((period) => Type.Literal(period)),
        { description: 'With availableToHelp true: on for an hour, three hours, or until midnight in Helsinki' },
      ),
    ),
  },
  {
    examples: [{ availableToHelp: false }, { availableToHelp: true }, { availableToHelp: true, for: '3h' }],
  },
)
export const LanguageBody = Type.Object({ language: LanguageSchema }, { examples: [{ language: 'swedish' }] })
export const PasswordBody = Type.Object(
  {
    oldPassword: Type.String({ maxLength: 10_000 }),
    newPassword: Type.String({ maxLength: 10_000 }),
  },
  { examples: [{ oldPassword: 'Polkupyörä-2026', newPassword: 'Tandem-Tampere-77' }] },
)
export const NewPasswordParams = Type.Object({ phone: Text })
export const NewPasswordBody = Type.Object(
  {
    newPassword: Type.String({ maxLength: 10_000 }),
    idToken: Type.String({ maxLength: 10_000 }),
  },
  { examples: [{ newPassword: 'Tandem-Tampere-77', idToken: 'eyJhbGciOiJIUzI1NiJ9.example' }] },
)

export const LocationBody = Type.Object(
  { latitude: Latitude, longitude: Longitude },
  { examples: [{ latitude: 65.0121, longitude: 25.4651 }] },
)
export const LocationAnswer = Type.Object({
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
})

export const SendCodeBody = Type.Object(
  { phone: Text, purpose: PurposeSchema },
  { examples: [{ phone: '040 123 4567', purpose: 'register' }] },
)
export const VerifyCodeBody = Type.Object(
  { phone: Text, code: Type.String({ maxLength: 100 }) },
  { examples: [{ phone: '040 123 4567', code: '123456' }] },
)

export { Message }
