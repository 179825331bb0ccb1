/** The server's words for refusals of the push calls; the client maps them to its catalog keys. */
export const PUSH_ERRORS = {
  unknownReceipt: 'No alert with this receipt',
  practiceTooOften: 'You have asked for 3 practice alerts in the last hour. Try again later.',
  practiceNoSubscription: 'Turn notifications on on this device first',
} as const
