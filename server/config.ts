import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { parseAllowlist } from './push/allowlist.ts'

/**
 * Every environment variable the server reads, in one schema validated at boot.
 * `accepts` is the human wording used when a value is refused; `description` feeds the table in docs/configuration.md.
 */
function variable<T extends TSchema>(schema: T, description: string, accepts: string): T {
  return { ...schema, description, accepts }
}

/** An origin as a CSP source: http(s), a host or *.domain, an optional port; no path. */
const ORIGIN = 'https?://(\\*\\.)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?'

const LogLevel = Type.Union(
  ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
)

export const ConfigSchema = Type.Object({
  NODE_ENV: variable(
    Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
      default: 'development',
    }),
    'The kind of installation. production refuses settings that are unsafe there (no JWT_SECRET with a PostgreSQL server, the Firebase Auth emulator) and warns about the SMS outbox and an unset PUBLIC_URL.',
    'development, production or test',
  ),
  HOST: variable(
    Type.String({ minLength: 1, default: '0.0.0.0' }),
    'Address to listen on.',
    'an IP address or host name',
  ),
  PORT: variable(
    Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
    'TCP port to listen on (0 picks a free one).',
    'an integer from 0 to 65535',
  ),
  LOG_LEVEL: variable(
    { ...LogLevel, default: 'info' },
    'Log verbosity (JSON lines on stdout).',
    'fatal, error, warn, info, debug, trace or silent',
  ),
  METRICS_TOKEN: variable(
    Type.Optional(Type.String({ minLength: 16 })),
    'Bearer token a Prometheus scraper sends to GET /metrics. Unset: /metrics answers 404.',
    'a random string of at least 16 characters',
  ),
  DATABASE_URL: variable(
    Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
    'PostgreSQL server to use. Unset: an embedded PostgreSQL (PGlite) stored under DATA_DIR.',
    'a postgres:// or postgresql:// connection URL',
  ),
  DATABASE_POOL_MAX: variable(
    Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    'Maximum connections this instance opens to a PostgreSQL server (the embedded database always uses one).',
    'an integer from 1 to 100',
  ),
  DATABASE_CONNECT_TIMEOUT: variable(
    Type.Integer({ minimum: 1, maximum: 600, default: 30 }),
    'Seconds to keep retrying (with backoff) when the database is unreachable at start.',
    'an integer number of seconds from 1 to 600',
  ),
  DATA_DIR: variable(
    Type.String({ minLength: 1, default: './data' }),
    'Folder for local data (the embedded database lives in DATA_DIR/pgdata).',
    'a folder path',
  ),
  WEB_DIST_DIR: variable(
    Type.Optional(Type.String({ minLength: 1 })),
    'Folder of the built web app (default: web/dist in the project).',
    'a folder path',
  ),
  MAP_TILES: variable(
    Type.Optional(Type.String({ pattern: '(^https?://[^/]+/.*\\.pmtiles$)|(^[^:]*\\.pmtiles$)' })),
    'The basemap: a PMTiles archive of vector tiles in the Protomaps basemap schema, such as an extract of Finland (docs/deploying.md, "The map"), which the server reads and serves as /tiles/{z}/{x}/{y}.mvt; a URL is read with HTTP range requests by the server, never by browsers. Unset: the basemap embedded at build time (Natural Earth and GeoNames, zoom 0 to 10). Not together with TILE_URL.',
    'a path or an http(s) URL of a .pmtiles file, such as /var/lib/pyoraapu/finland.pmtiles',
  ),
  TILE_URL: variable(
    Type.Optional(Type.String({ pattern: '^https?://[^/]+/' })),
    'Raster map tiles from another tile service instead of the basemap (MAP_TILES): a URL template ({z}/{x}/{y}, optionally {key}) whose origin the Content-Security-Policy then allows. Unset: the basemap is served by this server and no outside host is used.',
    'an http(s) URL template such as https://tiles.example.com/{z}/{x}/{y}.png',
  ),
  TILE_API_KEY: variable(
    Type.Optional(Type.String({ minLength: 1 })),
    'API key of the tile service, put in place of {key} in TILE_URL (it is visible to browsers, as tile keys always are).',
    'a key',
  ),
  TILE_ATTRIBUTION: variable(
    Type.String({ minLength: 1, default: '© OpenStreetMap contributors' }),
    'Attribution shown on the map for the tiles of TILE_URL (the basemap brings its own from its archive).',
    'text',
  ),
  SERVICE_LOGO_ORIGINS: variable(
    Type.Optional(
      Type.String({
        pattern: `^${ORIGIN}(\\s*,\\s*${ORIGIN})*$`,
      }),
    ),
    "Where service logos may load from: the Content-Security-Policy allows images from these origins besides the app's own and the tiles', so a logo_url elsewhere is not shown. Unset: no outside logos.",
    'a comma-separated list of origins (scheme, host and optional port; *.domain for any subdomain), such as https://logos.example.fi,https://*.cdn.example.org',
  ),
  SUPPORT_EMAIL: variable(
    // A pragmatic shape check (something@domain.tld, no spaces): the address is shown and put in a mailto: link.
    Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 254, default: 'support@pyoraapu.fi' }),
    'Support e-mail address shown on the info page and in the privacy statement.',
    'an e-mail address such as support@example.com',
  ),
  TRUST_PROXY: variable(
    // A list is checked entry by entry in checkTrustProxy; Fastify hands it to proxy-addr as it is.
    Type.Union([Type.Boolean(), Type.String({ pattern: '^[0-9A-Fa-f.:/, ]+$' })], { default: false }),
    'Whom to believe about the client address (X-Forwarded-For) and protocol (X-Forwarded-Proto). Behind Caddy or another reverse proxy, list the addresses it connects from (127.0.0.1 on the same machine): headers from anyone else are then ignored. true believes any sender (only when nothing but the proxy can reach the app); false ignores the headers.',
    'true or false, or a comma-separated list of IP addresses and CIDR ranges such as 127.0.0.1,10.0.0.0/8',
  ),
  PUBLIC_URL: variable(
    Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+/?$' })),
    'The address people open the app at, such as https://pyoraapu.fi (scheme and host, no path). Push notifications open it: Safari on iPhones and iPads shows them by itself and needs the full address. Unset: http://localhost:PORT, right only on the machine itself; production warns.',
    'an http(s) origin such as https://pyoraapu.fi',
  ),
  JWT_SECRET: variable(
    Type.Optional(Type.String({ minLength: 32 })),
    'Secret that signs access tokens and phone-verification tokens; every instance must have the same. Unset: one is generated once into DATA_DIR/jwt-secret (mode 0600, never the database); required with NODE_ENV=production and a DATABASE_URL.',
    'a random string of at least 32 characters',
  ),
  PHONE_VERIFICATION: variable(
    Type.Union([Type.Literal('local'), Type.Literal('firebase')], { default: 'local' }),
    'How phone numbers are verified: local sends our own SMS codes; firebase uses Firebase phone auth with reCAPTCHA.',
    'local or firebase',
  ),
  SMS_TRANSPORT: variable(
    Type.Union([Type.Literal('outbox'), Type.Literal('http')], { default: 'outbox' }),
    'Where local-mode codes go: outbox appends them to DATA_DIR/sms-outbox.jsonl (development, tests); http posts them to SMS_GATEWAY_URL.',
    'outbox or http',
  ),
  SMS_GATEWAY_URL: variable(
    Type.Optional(Type.String({ pattern: '^https?://' })),
    'SMS gateway endpoint for SMS_TRANSPORT=http; receives POST {"to","text"} as JSON.',
    'an http(s) URL',
  ),
  SMS_GATEWAY_TOKEN: variable(
    Type.Optional(Type.String({ minLength: 1 })),
    'Bearer token sent to the SMS gateway.',
    'a token',
  ),
  SMS_DAILY_CAP: variable(
    Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1000 }),
    'Most verification SMS sent in one day by all instances together (a cost and abuse ceiling).',
    'an integer from 1 to 1000000',
  ),
  SMS_PER_IP_PER_HOUR: variable(
    Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
    'Most verification SMS one client address may request per hour.',
    'an integer from 1 to 10000',
  ),
  ACCOUNT_REQUESTS_PER_MINUTE: variable(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 20 }),
    'Requests per minute one client address (an IPv6 /64) may make to each public account endpoint (availability checks, SMS sends, code checks, login, register, password reset), counted in the database across instances.',
    'an integer from 1 to 100000',
  ),
  SHARED_LINK_REQUESTS_PER_MINUTE: variable(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 60 }),
    'Requests per minute one client address (an IPv6 /64) may make to GET /api/shared/{token}, the page of a share link that needs no account, counted in the database across instances. The page asks every 12 s while it is visible: the default leaves room for a few people behind one address.',
    'an integer from 1 to 100000',
  ),
  LIVE_SOCKETS_PER_USER: variable(
    Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
    "Most live event sockets (GET /api/events) one user may have open on one instance: a new one beyond it closes that user's oldest with 4409, and the web app there pauses its live updates until it is looked at again.",
    'an integer from 1 to 1000',
  ),
  LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS: variable(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 20 }),
    'Most live event sockets one client address (an IPv6 /64) may hold open on one instance before they authenticate: more are refused with 429, without a database query. Behind a reverse proxy, TRUST_PROXY must name it, or every client shares its address.',
    'an integer from 1 to 100000',
  ),
  REQUEST_HISTORY_DAYS: variable(
    Type.Integer({ minimum: 0, maximum: 365, default: 7 }),
    'Days a completed help request stays in the list.',
    'an integer from 0 to 365',
  ),
  MODERATION_RECORD_DAYS: variable(
    Type.Integer({ minimum: 1, maximum: 3650, default: 365 }),
    'Days the moderation records of a deleted account (reports about it with their decisions and reasons, its suspensions and bans, admins’ looks at its phone number) are kept, tied to a keyed hash of its phone number, after the deletion; a ban or suspension in force is kept until it ends. The privacy statement states this time (docs/adr/0018-moderation-records-by-phone-key.md).',
    'an integer from 1 to 3650',
  ),
  PHONE_REACH_KM: variable(
    Type.Integer({ minimum: 1, maximum: 999, default: 30 }),
    'Farthest a user may be from a request to get its owner’s phone number by being near: within their own radius and within this, whatever radius they choose, measured from their last location that moved plausibly (docs/security.md, "Phone numbers by reach").',
    'an integer number of kilometres from 1 to 999',
  ),
  PHONE_REVEALS_PER_DAY: variable(
    Type.Integer({ minimum: 1, maximum: 10_000, default: 20 }),
    'Most requests per Helsinki day whose owner’s phone number one user gets by being near (not as owner, helper or admin); past it the number is withheld until the next day.',
    'an integer from 1 to 10000',
  ),
  VAPID_PUBLIC_KEY: variable(
    Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{80,100}$' })),
    'Web push VAPID public key (base64url). Unset: a key pair is generated once and kept in the database for every instance.',
    'a base64url P-256 public key, as web-push generate-vapid-keys prints it',
  ),
  VAPID_PRIVATE_KEY: variable(
    Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{40,50}$' })),
    'Web push VAPID private key (base64url), set together with VAPID_PUBLIC_KEY.',
    'a base64url P-256 private key',
  ),
  VAPID_SUBJECT: variable(
    Type.String({ pattern: '^(mailto:|https://)', default: 'mailto:support@pyoraapu.fi' }),
    'Contact the push services may use about our messages.',
    'a mailto: or https: URL',
  ),
  PUSH_ENDPOINT_HOSTS: variable(
    Type.String({
      minLength: 1,
      default: 'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com',
    }),
    'Push services the server sends to (Chrome/Android, Firefox, Safari, Edge); a subscription elsewhere is refused. A name or *.name (any subdomain) is used on port 443 only, and never when it resolves to a loopback, private, link-local or multicast address; only an exact address:port entry (a self-hosted push service) may be such an address.',
    'a comma-separated list of host names, *.domain wildcards and exact address:port entries, such as fcm.googleapis.com,*.notify.windows.com,10.0.0.5:8443',
  ),
  ALERT_FIRST_WAVE: variable(
    Type.Integer({ minimum: 1, maximum: 1000, default: 15 }),
    'How many helpers a new request alerts by push at first: the nearest subscribed users whose own radius reaches it, and with them every subscriber who shares no location. Each later wave doubles how many have been alerted.',
    'an integer from 1 to 1000',
  ),
  ALERT_ESCALATE_AFTER: variable(
    Type.Number({ exclusiveMinimum: 0, maximum: 86_400, default: 300 }),
    'Seconds a new request waits for a take-over before the next wave of helpers is alerted.',
    'a number of seconds above 0, at most 86400',
  ),
  ALERT_MAX_RECIPIENTS: variable(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 200 }),
    'Most helpers a new request alerts by push in all its waves; nothing more once someone takes it over.',
    'an integer from 1 to 100000',
  ),
  FIREBASE_PROJECT_ID: variable(
    Type.Optional(Type.String({ minLength: 1 })),
    'Firebase project whose ID tokens are accepted (PHONE_VERIFICATION=firebase).',
    'a Firebase project id',
  ),
  FIREBASE_WEB_CONFIG: variable(
    Type.Optional(Type.String({ pattern: '^\\s*\\{' })),
    'Public Firebase web config for the SPA (PHONE_VERIFICATION=firebase), as JSON: {"apiKey","authDomain","projectId","appId"}.',
    'a JSON object',
  ),
  FIREBASE_AUTH_EMULATOR_HOST: variable(
    Type.Optional(Type.String({ minLength: 1 })),
    'host:port of a Firebase Auth emulator; firebase-admin then accepts unsigned emulator tokens (development and tests only: refused with NODE_ENV=production).',
    'host:port',
  ),
  SAMPLE_SERVICES: variable(
    Type.Boolean({ default: true }),
    'Load the sample services (seed/services.sample.geojson) into a new installation, once: deleting them later does not bring them back. false never loads them.',
    'true or false',
  ),
  SHUTDOWN_TIMEOUT: variable(
    Type.Integer({ minimum: 1, maximum: 600, default: 10 }),
    'Seconds to drain in-flight requests on SIGTERM/SIGINT before exiting anyway.',
    'an integer number of seconds from 1 to 600',
  ),
})

export type Config = Static<typeof ConfigSchema>
export type ConfigKey = keyof Config

/** Variables whose refused value is not repeated in the error: it goes to stderr, and from there to logs. */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'METRICS_TOKEN', 'SMS_GATEWAY_TOKEN', 'VAPID_PRIVATE_KEY'])

/** The refused value as the error shows it: secrets by their length only, a URL's password masked. */
function shownValue(variable: string, received: string): string {
  if (SECRET_VARIABLES.has(variable)) return `a value of ${received.length} characters (not shown)`
  return JSON.stringify(received.replace(/(\/\/[^/:@\s]*:)[^@/\s]*@/, '$1***@'))
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly accepts: string,
    readonly received: string,
  ) {
    super(`Invalid environment variable ${variable}: expected ${accepts}, got ${shownValue(variable, received)}`)
    this.name = 'ConfigError'
  }
}

/** Reads the schema's variables from `env`; empty strings count as unset, as in most .env files. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value.trim() !== '') raw[key] = value.trim()
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw))
  const firstError = Value.Errors(ConfigSchema, converted).First()
  if (firstError) {
    const key = firstError.path.split('/')[1] ?? firstError.path
    const property = ConfigSchema.properties[key as ConfigKey] as { accepts?: string } | undefined
    throw new ConfigError(key, property?.accepts ?? firstError.message, String(raw[key] ?? ''))
  }
  const config = converted as Config
  checkCombinations(config)
  checkPushEndpointHosts(config)
  checkTrustProxy(config)
  checkPublicUrl(config)
  return config
}

/** SERVICE_LOGO_ORIGINS as a list, lower case (the schema checked each entry's shape). */
export function serviceLogoOrigins(config: Pick<Config, 'SERVICE_LOGO_ORIGINS'>): string[] {
  return (config.SERVICE_LOGO_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().toLowerCase())
    .filter((origin) => origin !== '')
}

/** Rules between variables, which a per-variable schema cannot say. */
function checkCombinations(config: Config): void {
  if (config.NODE_ENV === 'production') {
    // Generated per DATA_DIR, the secret would differ between instances; and it must never live in the database.
    if (config.DATABASE_URL && !config.JWT_SECRET) {
      throw new ConfigError(
        'JWT_SECRET',
        'a random string of at least 32 characters, shared by every instance, when NODE_ENV=production and DATABASE_URL is set',
        '',
      )
    }
    // The emulator's tokens are unsigned: anyone could claim any phone number.
    if (config.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new ConfigError(
        'FIREBASE_AUTH_EMULATOR_HOST',
        'unset when NODE_ENV=production (emulator tokens are unsigned)',
        config.FIREBASE_AUTH_EMULATOR_HOST,
      )
    }
  }
  if (config.MAP_TILES && config.TILE_URL) {
    throw new ConfigError('MAP_TILES', 'unset when TILE_URL is set (the map uses one or the other)', config.MAP_TILES)
  }
  if (config.SMS_TRANSPORT === 'http' && !config.SMS_GATEWAY_URL) {
    throw new ConfigError('SMS_GATEWAY_URL', 'an http(s) URL when SMS_TRANSPORT=http', '')
  }
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      'both VAPID keys or neither',
      '',
    )
  }
  if (config.PHONE_VERIFICATION === 'firebase') {
    if (!config.FIREBASE_PROJECT_ID) {
      throw new ConfigError('FIREBASE_PROJECT_ID', 'a Firebase project id when PHONE_VERIFICATION=firebase', '')
    }
    const accepts = 'a JSON object with apiKey, authDomain, projectId and appId when PHONE_VERIFICATION=firebase'
    const webConfig = config.FIREBASE_WEB_CONFIG ?? ''
    let parsed: Record<string, unknown> | undefined
    try {
      parsed = JSON.parse(webConfig) as Record<string, unknown>
    } catch {
      throw new ConfigError('FIREBASE_WEB_CONFIG', accepts, webConfig)
    }
    if (!['apiKey', 'authDomain', 'projectId', 'appId'].every((key) => typeof parsed?.[key] === 'string')) {
      throw new ConfigError('FIREBASE_WEB_CONFIG', accepts, webConfig)
    }
  }
}

/** Each PUSH_ENDPOINT_HOSTS entry has its own syntax (name, wildcard, address:port), too much for one pattern. */
function checkPushEndpointHosts(config: Config): void {
  try {
    parseAllowlist(config.PUSH_ENDPOINT_HOSTS)
  } catch (error) {
    const { accepts } = ConfigSchema.properties.PUSH_ENDPOINT_HOSTS as { accepts?: string }
    throw new ConfigError('PUSH_ENDPOINT_HOSTS', `${accepts} (${(error as Error).message})`, config.PUSH_ENDPOINT_HOSTS)
  }
}

/** Each TRUST_PROXY entry must be an address or a CIDR range: proxy-addr would otherwise throw only at the first request. */
function checkTrustProxy(config: Config): void {
  if (typeof config.TRUST_PROXY !== 'string') return
  const bad = config.TRUST_PROXY.split(',').find((entry) => {
    const [address = '', prefix, ...rest] = entry.trim().split('/')
    const version = isIP(address)
    if (version === 0 || rest.length > 0) return true
    if (prefix === undefined) return false
    return !/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)
  })
  if (bad !== undefined) {
    const { accepts } = ConfigSchema.properties.TRUST_PROXY as { accepts?: string }
    throw new ConfigError(
      'TRUST_PROXY',
      `${accepts} (not an address or CIDR range: ${JSON.stringify(bad.trim())})`,
      config.TRUST_PROXY,
    )
  }
}

/** The pattern lets a host through that no URL parser takes (`https://a%zz`): refused at boot, not at the first push. */
function checkPublicUrl(config: Config): void {
  if (config.PUBLIC_URL === undefined || URL.canParse(config.PUBLIC_URL)) return
  const { accepts } = ConfigSchema.properties.PUBLIC_URL as { accepts?: string }
  throw new ConfigError('PUBLIC_URL', accepts ?? '', config.PUBLIC_URL)
}

/** Config with defaults only, for tests and scripts that override a few values. */
export function configWith(overrides: Partial<Config>): Config {
  return { ...loadConfig({}), ...overrides }
}

/** Reads ./.env when present; variables already in the environment win over the file. */
export function loadDotEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path)
}

/** The Firebase web config's authDomain in Firebase mode (checked at boot), else undefined. */
export function firebaseAuthDomain(config: Config): string | undefined {
  if (config.PHONE_VERIFICATION !== 'firebase' || !config.FIREBASE_WEB_CONFIG) return undefined
  return (JSON.parse(config.FIREBASE_WEB_CONFIG) as { authDomain: string }).authDomain
}

/**
 * The origin people open the app at (PUBLIC_URL), for links that leave the app's own pages, such as the address a
 * push notification opens. Unset: this machine's own address.
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`
}
