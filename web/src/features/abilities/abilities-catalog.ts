import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of "What I can help with" (docs/product.md#abilities): the settings section and the step after registering. */
export const abilityMessages = defineMessages({
  abilities: /*i18n*/ {
    id: 'abilities',
    message: 'What I can help with',
    comment: 'Title of a settings section where a helper ticks the kit, vehicle, skills and languages they have.',
  },
  abilitiesquestion: /*i18n*/ {
    id: 'abilitiesquestion',
    message: 'What can you help with?',
    comment: 'Title of the optional step right after registering.',
  },
  abilitiesinfo: /*i18n*/ {
    id: 'abilitiesinfo',
    message:
      'When someone nearby needs what you have, you are alerted first, and the alert says why. Only you see what you tick here.',
  },
  abilitieskit: /*i18n*/ {
    id: 'abilitieskit',
    message: 'Kit I carry',
    comment: 'Group of checkboxes: tools and spares the helper usually has with them on rides.',
  },
  abilitiestransport: /*i18n*/ {
    id: 'abilitiestransport',
    message: 'Transport',
    comment: 'Group of checkboxes: a vehicle that can carry a cyclist and their bike.',
  },
  abilitiesfirstaid: /*i18n*/ { id: 'abilitiesfirstaid', message: 'First aid' },
  abilitieslanguages: /*i18n*/ {
    id: 'abilitieslanguages',
    message: 'Languages I speak',
  },
  kit_pump_presta: /*i18n*/ {
    id: 'kit_pump_presta',
    message: 'Pump for Presta valves',
    comment: 'Presta: the thin road-bike valve (also called French valve).',
  },
  kit_pump_schrader: /*i18n*/ {
    id: 'kit_pump_schrader',
    message: 'Pump for Schrader valves',
    comment: 'Schrader: the car-type valve (also called American valve).',
  },
  kit_spare_tube: /*i18n*/ { id: 'kit_spare_tube', message: 'Spare inner tube' },
  kit_patch_kit: /*i18n*/ { id: 'kit_patch_kit', message: 'Puncture repair kit' },
  kit_tyre_levers: /*i18n*/ { id: 'kit_tyre_levers', message: 'Tyre levers' },
  kit_chain_tool: /*i18n*/ { id: 'kit_chain_tool', message: 'Chain tool' },
  kit_multi_tool: /*i18n*/ { id: 'kit_multi_tool', message: 'Multi-tool' },
  kit_ebike_charger: /*i18n*/ { id: 'kit_ebike_charger', message: 'E-bike charger' },
  kit_lights: /*i18n*/ { id: 'kit_lights', message: 'Spare lights' },
  transport_car_with_rack: /*i18n*/ { id: 'transport_car_with_rack', message: 'Car with a bike rack' },
  transport_cargo_bike: /*i18n*/ { id: 'transport_cargo_bike', message: 'Cargo bike' },
  transport_van: /*i18n*/ { id: 'transport_van', message: 'Van' },
  firstaidtrained: /*i18n*/ {
    id: 'firstaidtrained',
    message: 'I have first aid training',
  },
  language_fi: /*i18n*/ { id: 'language_fi', message: 'Finnish', comment: 'A language the helper speaks.' },
  language_sv: /*i18n*/ { id: 'language_sv', message: 'Swedish', comment: 'A language the helper speaks.' },
  language_en: /*i18n*/ { id: 'language_en', message: 'English', comment: 'A language the helper speaks.' },
  abilitiessaved: /*i18n*/ { id: 'abilitiessaved', message: 'Saved' },
  abilitiesskip: /*i18n*/ {
    id: 'abilitiesskip',
    message: 'Skip',
    comment: 'Leaves the optional step after registering without saving anything.',
  },
})
