/**
 * The server's error texts for the service map's admin routes besides the rules' texts (server/domain/services/rules.ts):
 * the web maps them to its messages.
 */
export const SERVICE_ERRORS = {
  externalIdTaken: 'Another service has this external_id',
  notFound: 'Service not found',
} as const
