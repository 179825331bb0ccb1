import { useEffect, useState } from 'react'
import { fetchClientConfig } from '../api/config.ts'
import type { MapConfig } from '../api/types.ts'

/** The tile source from GET /api/config: null while loading, 'failed' when it could not be fetched. */
export function useMapConfig(): MapConfig | null | 'failed' {
  const [config, setConfig] = useState<MapConfig | null | 'failed'>(null)
  useEffect(() => {
    let current = true
    fetchClientConfig().then(
      (answer) => current && setConfig(answer.map),
      (error: unknown) => {
        console.error('Loading the map configuration failed', error)
        if (current) setConfig('failed')
      },
    )
    return () => {
      current = false
    }
  }, [])
  return config
}
