import type { ComponentProps } from 'react'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { DialogBoundary } from '#shared/load/DialogBoundary.tsx'
import { lazyScreen } from '#shared/load/lazy-screen.ts'

/**
 * The new-request dialog: fetched right after the main screen shows (preloadCoreScreens) or when "Ask for help" is
 * first pressed, and precached by the service worker.
 */
const NewRequestDialog = lazyScreen(
  withTexts('new-request', () => import('./NewRequestDialog.tsx').then((m) => ({ default: m.NewRequestDialog }))),
)

/** Starts fetching the dialog's code and texts. */
export const preloadNewRequestDialog = NewRequestDialog.preload

export function LazyNewRequestDialog(props: ComponentProps<typeof NewRequestDialog>) {
  return (
    <DialogBoundary open={props.open} onClose={props.onClose}>
      <NewRequestDialog {...props} />
    </DialogBoundary>
  )
}
