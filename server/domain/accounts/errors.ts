/** The server's words for account errors: the English texts of docs/product.md#messages, which the client maps to its catalog keys. */
export const USER_ERRORS = {
  fillAllFields: 'Please fill in all fields',
  userNameLength: 'Username must be 3-16 characters',
  userNameChars: 'Username contains invalid characters',
  userNameTaken: 'Username already taken',
  phoneExists: 'Phonenumber already exists',
  // Registration of a number whose deleted account is banned, or suspended and not yet at its end (403; docs/adr/
  // 0018-moderation-records-by-phone-key.md).
  phoneBanned: 'This phonenumber is banned and cannot register while the ban lasts',
  phoneNotFound: 'No user found with this phonenumber',
  invalidPhone: 'Invalid phonenumber',
  passwordTooShort: 'Password must be at least 5 characters long',
  passwordTooLong: 'Password must be at most 1024 characters long',
  invalidCode: 'Invalid code',
  radiusChars: 'Radius can only contain numbers',
  radiusLength: 'Radius can be 1-3 numbers',
  invalidLogin: 'Invalid username or password',
  incorrectPassword: 'Incorrect password',
  tooManyAttempts: 'Too many attempts, try again later',
  invalidLocation: 'Invalid location',
  locationTooOften: 'Location reported too often, try again shortly',
  quietHoursBoth: 'Give both ends of the quiet hours, or neither',
  quietHoursFormat: 'Quiet hours must be times such as 22:00',
  quietHoursSame: 'Quiet hours must start and end at different times',
  hourlyCapRange: 'Alerts per hour must be 1-30',
  // PUT /api/user/abilities: each names its field and what it takes (server/domain/shared/abilities.ts).
  abilitiesKit:
    'kit must be a list of: pump_presta, pump_schrader, spare_tube, patch_kit, tyre_levers, chain_tool, multi_tool, ebike_charger, lights',
  abilitiesTransport: 'transport must be a list of: car_with_rack, cargo_bike, van',
  abilitiesFirstAid: 'firstAid must be true or false',
  abilitiesLanguages: 'languages must be a list of: fi, sv, en',
} as const

/** One of the texts above. */
export type UserErrorText = (typeof USER_ERRORS)[keyof typeof USER_ERRORS]
