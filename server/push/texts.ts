import type { RequestCategory } from '../domain/shared/categories.ts'
import type { AbilityItem } from '../domain/shared/abilities.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { mentionsDanger } from '../domain/shared/danger-words.ts'
import type { PushCauseKind } from '../domain/requests/change-types.ts'
import { declarativePayload } from './declarative.ts'

export type PushKind = Exclude<PushCauseKind, 'deleted'>

/**
 * Why an alerted helper is stood down: someone took the request over (`helping`), or it was completed or deleted
 * (`over`).
 */
export type StandDownReason = 'helping' | 'over'

/**
 * Push services accept 4 KB; the issue asks for under 1 KB, which leaves room for encryption overhead (the public
 * origin that `navigate` gets at sending included).
 */
export const MAX_PAYLOAD_BYTES = 1024
const DESCRIPTION_PREVIEW = 120

/** Where a tap takes the user: the app with this request's detail open (the install page lets it through). */
const requestPath = (requestId: number) => `/?request=${requestId}`

/**
 * One notification per request on the device: the alert, the news of it and its stand-down replace each other, so
 * a taken request's alert is replaced rather than joined by another.
 */
const requestTag = (requestId: number) => `request-${requestId}`

/**
 * The category names of the app's own catalog (web/src/locales/<locale>/messages.po, whose ids are the categories), so a push
 * names a request the way the screen it opens does; test/unit/server/push/texts-match-catalog.test.ts holds them equal.
 */
export const CATEGORY_NAMES: Record<Language, Record<RequestCategory, string>> = {
  english: {
    bicycle_maintenance: 'Bicycle maintenance',
    food_and_hydration: 'Food and drink',
    transportation_need: 'Transport needed',
    other: 'Other',
  },
  finnish: {
    bicycle_maintenance: 'Pyörän korjaus',
    food_and_hydration: 'Ruoka ja juoma',
    transportation_need: 'Kuljetustarve',
    other: 'Muu',
  },
  swedish: {
    bicycle_maintenance: 'Cykelreparation',
    food_and_hydration: 'Mat och dryck',
    transportation_need: 'Transportbehov',
    other: 'Annat',
  },
}

/**
 * A new request whose description mentions an injury or danger (shared/danger-words.ts, the app's own rule) says so
 * in its alert's title: a helper deciding whether to go reads it before the description (docs/product.md#help-requests).
 */
const INJURY_TITLE: Record<Language, string> = {
  english: 'Someone nearby may be hurt',
  finnish: 'Lähistöllä joku voi olla loukkaantunut',
  swedish: 'Någon i närheten kan vara skadad',
}

const titleOf = (kind: PushKind, language: Language, description: string) =>
  kind === 'created' && mentionsDanger(description) ? INJURY_TITLE[language] : TITLE[language][kind]

const TITLE: Record<Language, Record<PushKind, string>> = {
  english: {
    created: 'Someone nearby needs help',
    taken: 'Help is on the way',
    released: 'Your request is open again',
    removed: 'You are no longer helping',
    completed: 'Thank you for helping!',
  },
  finnish: {
    created: 'Lähistöllä tarvitaan apua',
    taken: 'Apu on tulossa',
    released: 'Pyyntösi on taas avoinna',
    removed: 'Et enää auta tässä pyynnössä',
    completed: 'Kiitos avustasi!',
  },
  swedish: {
    created: 'Någon i närheten behöver hjälp',
    taken: 'Hjälpen är på väg',
    released: 'Din förfrågan är öppen igen',
    removed: 'Du hjälper inte längre till',
    completed: 'Tack för din hjälp!',
  },
}

function body(kind: PushKind, language: Language, category: string, description: string, actor: string): string {
  const texts: Record<Language, Record<Exclude<PushKind, 'created'>, string>> = {
    english: {
      taken: `${actor} is working on your request.`,
      released: `${actor} can no longer help. We keep looking for a helper near you.`,
      removed: `The owner of the request (${category}) no longer needs you on it.`,
      completed: `The request you helped with (${category}) is done.`,
    },
    finnish: {
      taken: `${actor} auttaa sinua.`,
      released: `${actor} ei pysty enää auttamaan. Etsimme sinulle edelleen auttajaa läheltä.`,
      removed: `Pyynnön (${category}) tekijä ei enää tarvitse apuasi siinä.`,
      completed: `Pyyntö, jossa autoit (${category}), on valmis.`,
    },
    swedish: {
      taken: `${actor} hjälper dig.`,
      released: `${actor} kan inte längre hjälpa. Vi fortsätter leta efter en hjälpare nära dig.`,
      removed: `Den som bad om hjälp (${category}) behöver dig inte längre.`,
      completed: `Förfrågan du hjälpte till med (${category}) är klar.`,
    },
  }
  if (kind === 'created') return `${category}: ${preview(description)}`
  return texts[language][kind]
}

const STAND_DOWN_TITLE: Record<Language, Record<StandDownReason, string>> = {
  english: { helping: 'Someone is already helping', over: 'No longer needed' },
  finnish: { helping: 'Joku auttaa jo', over: 'Apua ei enää tarvita' },
  swedish: { helping: 'Någon hjälper redan', over: 'Hjälp behövs inte längre' },
}

/** The follow-up to an alert: the same tag, so it replaces the alert on the phone instead of adding another. */
export function standDownPayload(
  reason: StandDownReason,
  language: Language,
  request: { request_id: number; category: RequestCategory; description: string },
): string {
  return declarativePayload(
    {
      title: STAND_DOWN_TITLE[language][reason],
      body: `${CATEGORY_NAMES[language][request.category]}: ${preview(request.description)}`,
      path: requestPath(request.request_id),
      tag: requestTag(request.request_id),
      silent: true,
    },
    language,
  )
}

function preview(text: string, length = DESCRIPTION_PREVIEW): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`
}

export function pushPayload(
  kind: PushKind,
  language: Language,
  request: { request_id: number; category: RequestCategory; description: string },
  actorName: string,
): string {
  const category = CATEGORY_NAMES[language][request.category]
  return declarativePayload(
    {
      title: titleOf(kind, language, request.description),
      body: body(kind, language, category, request.description, actorName),
      path: requestPath(request.request_id),
      tag: requestTag(request.request_id),
    },
    language,
  )
}

/**
 * Why an alert went to this helper first (docs/product.md#abilities): the item of theirs that fits the request, the
 * most relevant one (shared/abilities.ts, CATEGORY_ABILITIES). Lights mend nothing and are never a reason.
 */
export const ABILITY_REASONS: Record<Language, Record<Exclude<AbilityItem, 'lights'>, string>> = {
  english: {
    pump_presta: 'You have a pump with you',
    pump_schrader: 'You have a pump with you',
    spare_tube: 'You have a spare tube with you',
    patch_kit: 'You have a patch kit with you',
    tyre_levers: 'You have tyre levers with you',
    chain_tool: 'You have a chain tool with you',
    multi_tool: 'You have a multi-tool with you',
    ebike_charger: 'You have an e-bike charger with you',
    car_with_rack: 'You have a car with a bike rack',
    cargo_bike: 'You have a cargo bike',
    van: 'You have a van',
  },
  finnish: {
    pump_presta: 'Sinulla on pumppu mukana',
    pump_schrader: 'Sinulla on pumppu mukana',
    spare_tube: 'Sinulla on varasisärengas mukana',
    patch_kit: 'Sinulla on paikkaussarja mukana',
    tyre_levers: 'Sinulla on rengasraudat mukana',
    chain_tool: 'Sinulla on ketjutyökalu mukana',
    multi_tool: 'Sinulla on monitoimityökalu mukana',
    ebike_charger: 'Sinulla on sähköpyörän laturi mukana',
    car_with_rack: 'Sinulla on auto ja pyöräteline',
    cargo_bike: 'Sinulla on tavarapyörä',
    van: 'Sinulla on pakettiauto',
  },
  swedish: {
    pump_presta: 'Du har en pump med dig',
    pump_schrader: 'Du har en pump med dig',
    spare_tube: 'Du har en reservslang med dig',
    patch_kit: 'Du har ett lagningskit med dig',
    tyre_levers: 'Du har däckjärn med dig',
    chain_tool: 'Du har en kedjebrytare med dig',
    multi_tool: 'Du har ett multiverktyg med dig',
    ebike_charger: 'Du har en elcykelladdare med dig',
    car_with_rack: 'Du har en bil med cykelhållare',
    cargo_bike: 'Du har en lastcykel',
    van: 'Du har en skåpbil',
  },
}

/**
 * A new request's alert (pushPayload's `created`), and for a helper whose abilities fit it the reason first:
 * "You have a pump with you. Bicycle maintenance: …".
 */
export function alertPayload(
  language: Language,
  request: { request_id: number; category: RequestCategory; description: string },
  ownerName: string,
  ability: AbilityItem | null,
): string {
  if (ability === null || ability === 'lights') return pushPayload('created', language, request, ownerName)
  const category = CATEGORY_NAMES[language][request.category]
  const reason = `${ABILITY_REASONS[language][ability]}. `
  return declarativePayload(
    {
      title: titleOf('created', language, request.description),
      // The reason takes its length from the description's preview: the body is no longer than without it, so the
      // payload stays within what MAX_PAYLOAD_BYTES allows the plain alert.
      body: `${reason}${category}: ${preview(request.description, DESCRIPTION_PREVIEW - reason.length)}`,
      path: requestPath(request.request_id),
      tag: requestTag(request.request_id),
    },
    language,
  )
}

const MESSAGE_TITLE: Record<Language, (author: string) => string> = {
  english: (author) => `Message from ${author}`,
  finnish: (author) => `Viesti käyttäjältä ${author}`,
  swedish: (author) => `Meddelande från ${author}`,
}

/**
 * A message from the owner or the helper (docs/product.md#conversation), for the other one. Its own tag per request: a
 * newer message replaces the older on the device, and neither replaces the request's own notification.
 */
export function messagePushPayload(
  language: Language,
  message: { request_id: number; author_name: string; text: string },
): string {
  return declarativePayload(
    {
      title: MESSAGE_TITLE[language](message.author_name),
      body: preview(message.text),
      path: requestPath(message.request_id),
      tag: `message-${message.request_id}`,
    },
    language,
  )
}

const THANKS_TITLE: Record<Language, (owner: string) => string> = {
  english: (owner) => `Thank you from ${owner}`,
  finnish: (owner) => `Kiitos käyttäjältä ${owner}`,
  swedish: (owner) => `Tack från ${owner}`,
}

/**
 * The owner's thank-you (docs/product.md#thanks-and-helped-counts), for the helper. Its own tag: it never replaces the
 * request's notification or a message, and there is only one per request.
 */
export function thanksPushPayload(
  language: Language,
  thanks: { request_id: number; owner_name: string; text: string },
): string {
  return declarativePayload(
    {
      title: THANKS_TITLE[language](thanks.owner_name),
      body: preview(thanks.text),
      path: requestPath(thanks.request_id),
      tag: `thanks-${thanks.request_id}`,
    },
    language,
  )
}
