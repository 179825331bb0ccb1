import { useEffect, useState } from 'react'
import { fetchClientConfig } from './config.ts'
import type { ClientConfig } from './types.ts'

/**
 * One part of GET /api/config: null while loading, 'failed' when it could not be fetched. `select` must be a
 * stable function (declared at module level), since the fetch runs once per mount.
 */
export function useClientConfig<T>(select: (config: ClientConfig) => T, what: string): T | null | 'failed' {
  const [value, setValue] = useState<T | null | 'failed'>(null)
  useEffect(() => {
    let current = true
    fetchClientConfig().then(
      (answer) => current && setValue(select(answer)),
      (error: unknown) => {
        console.error(`Loading ${what} failed`, error)
        if (current) setValue('failed')
      },
    )
    return () => {
      current = false
    }
  }, [select, what])
  return value
}
