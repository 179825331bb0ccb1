import { useEffect, useState } from 'react'
import type { RequestStatus } from '#features/requests'

export type StatusColors = Readonly<Record<RequestStatus, string>>

/** The status badges' tokens (styles/tokens.css), so a marker is exactly the colour of its row's dot. */
const TOKENS: Record<RequestStatus, string> = {
  new: '--color-status-new',
  'in progress': '--color-status-in-progress',
  completed: '--color-status-completed',
}

/** The light theme's values, for a token that cannot be read (it never should be missing). */
const FALLBACK: StatusColors = { new: '#c62828', 'in progress': '#f2c200', completed: '#2e7d32' }

function readStatusColors(): StatusColors {
  const style = getComputedStyle(document.documentElement)
  const read = (status: RequestStatus) => style.getPropertyValue(TOKENS[status]).trim() || FALLBACK[status]
  return { new: read('new'), 'in progress': read('in progress'), completed: read('completed') }
}

const DARK = '(prefers-color-scheme: dark)'

/** The status colours of the current colour scheme; a switch between light and dark reads them again. */
export function useStatusColors(): StatusColors {
  const [colors, setColors] = useState(readStatusColors)
  useEffect(() => {
    const query = window.matchMedia(DARK)
    const update = () => setColors(readStatusColors())
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return colors
}
