import type { RequestCategory } from './categories.ts'

/**
 * What a helper can help with (docs/product.md#abilities): the fixed lists a user ticks in Settings, and which of
 * them fit which kind of request. Pure values: the server's rules, the waves and the web client's form import them
 * from here, and migration 00028 checks the same lists.
 */

/** Kit a helper carries with them, in the order the settings offer it. */
export const KIT_ITEMS = [
  'pump_presta',
  'pump_schrader',
  'spare_tube',
  'patch_kit',
  'tyre_levers',
  'chain_tool',
  'multi_tool',
  'ebike_charger',
  'lights',
] as const
export type KitItem = (typeof KIT_ITEMS)[number]

/** A vehicle that can carry a cyclist and their bike. */
export const TRANSPORT_MODES = ['car_with_rack', 'cargo_bike', 'van'] as const
export type TransportMode = (typeof TRANSPORT_MODES)[number]

/** The languages a helper speaks: the app's three, as language codes. */
export const ABILITY_LANGUAGES = ['fi', 'sv', 'en'] as const
export type AbilityLanguage = (typeof ABILITY_LANGUAGES)[number]

export interface Abilities {
  kit: KitItem[]
  transport: TransportMode[]
  firstAid: boolean
  languages: AbilityLanguage[]
}

export const NO_ABILITIES: Abilities = { kit: [], transport: [], firstAid: false, languages: [] }

/** An item an alert can name as the reason it went to this helper. */
export type AbilityItem = KitItem | TransportMode

/**
 * The kind of ability that fits a category, as the owner's progress names it ("3 with tools or spares", "3 with a
 * vehicle").
 */
export type FittingAbility = 'repair_kit' | 'vehicle'

/**
 * The category table (docs/product.md#abilities): which items fit a request of each category, most relevant first
 * (the first one a helper has is the reason their alert gives). Bicycle maintenance: any repair kit or tool, pumps
 * first since a flat tyre is the commonest breakdown; lights are kit but mend nothing. A transportation need: any
 * vehicle. Food and hydration and other: anyone can help, so no ability is preferred and none is named.
 *
 * First aid is not in the table: no category is about an injury, and reading the description for one would guess.
 * The tick is stored and shown in Settings for a later "injured" category or flag.
 */
export const CATEGORY_ABILITIES: Record<
  RequestCategory,
  { ability: FittingAbility; items: readonly AbilityItem[] } | null
> = {
  bicycle_maintenance: {
    ability: 'repair_kit',
    items: [
      'pump_presta',
      'pump_schrader',
      'spare_tube',
      'patch_kit',
      'multi_tool',
      'tyre_levers',
      'chain_tool',
      'ebike_charger',
    ],
  },
  transportation_need: { ability: 'vehicle', items: ['car_with_rack', 'van', 'cargo_bike'] },
  food_and_hydration: null,
  other: null,
}

/**
 * The item that makes a helper fit a request of `category`, the most relevant they have; null when none of theirs
 * fits or the category prefers none.
 */
export function fittingItem(
  category: RequestCategory,
  abilities: { kit: readonly string[]; transport: readonly string[] },
): AbilityItem | null {
  const wanted = CATEGORY_ABILITIES[category]
  if (!wanted) return null
  return wanted.items.find((item) => abilities.kit.includes(item) || abilities.transport.includes(item)) ?? null
}

/** The app's language (users.language) as a language code of ABILITY_LANGUAGES. */
export const LANGUAGE_CODES = { finnish: 'fi', swedish: 'sv', english: 'en' } as const satisfies Record<
  string,
  AbilityLanguage
>
