import { useState } from 'react'

/**
 * True from the first render at which `value` is true, for ever after: a lazily loaded dialog is fetched the first
 * time it is wanted and then stays mounted, so it opens and closes (with its focus handling) like any other.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value)
  if (value && !seen) setSeen(true)
  return seen || value
}
