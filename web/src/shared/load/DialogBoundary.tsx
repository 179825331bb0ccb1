import type { ReactNode } from 'react'
import { useOnceTrue } from '../hooks/useOnceTrue.ts'
import { ScreenBoundary } from './ScreenBoundary.tsx'

interface DialogBoundaryProps {
  open: boolean
  onClose: () => void
  /** The lazy dialog (lazyScreen). */
  children: ReactNode
}

/**
 * A dialog whose code is a chunk of its own: fetched the first time it opens, then kept mounted so it opens and
 * closes like any other. If it cannot be fetched, the failure floats above the screen while the dialog is open, and
 * opening it again tries again.
 */
export function DialogBoundary({ open, onClose, children }: DialogBoundaryProps) {
  if (!useOnceTrue(open)) return null
  return (
    <ScreenBoundary loading={null} onClose={onClose} resetKey={open} failed={(failure) => (open ? failure : null)}>
      {children}
    </ScreenBoundary>
  )
}
