import { apiFetch } from './client.ts'
import type { ClientConfig } from './types.ts'

let config: Promise<ClientConfig> | null = null

/** GET /api/config, fetched once per page load; a failed fetch is retried by the next caller. */
export function fetchClientConfig(): Promise<ClientConfig> {
  config ??= apiFetch<ClientConfig>('/api/config', { auth: false }).catch((error: unknown) => {
    config = null
    throw error
  })
  return config
}
