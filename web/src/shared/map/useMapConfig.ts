import { useClientConfig } from '../api/useClientConfig.ts'
import type { ClientConfig, MapConfig } from '../api/types.ts'

const selectMap = (config: ClientConfig) => config.map

/** The tile source from GET /api/config: null while loading, 'failed' when it could not be fetched. */
export function useMapConfig(): MapConfig | null | 'failed' {
  return useClientConfig(selectMap, 'the map configuration')
}
