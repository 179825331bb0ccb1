/** The server's words for account errors: the SPEC's English texts, which the client maps to its catalog keys. */
export const USER_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  userNameLength: 'Username must be 3-16 characters',
  userNameChars: 'Username contains invalid characters',
  userNameTaken: 'Username already taken',
  phoneExists: 'Phonenumber already exists',
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
} as const
