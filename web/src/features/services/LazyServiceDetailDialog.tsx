import type { ComponentProps } from 'react'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { DialogBoundary } from '#shared/load/DialogBoundary.tsx'
import { lazyScreen } from '#shared/load/lazy-screen.ts'

const ServiceDetailDialog = lazyScreen(
  withTexts('service-detail', () =>
    import('./ServiceDetailDialog.tsx').then((m) => ({ default: m.ServiceDetailDialog })),
  ),
)

/** A service's detail, fetched when the first marker is opened (the map itself is a chunk of its own already). */
export function LazyServiceDetailDialog(props: ComponentProps<typeof ServiceDetailDialog>) {
  return (
    <DialogBoundary open={props.service !== null} onClose={props.onClose}>
      <ServiceDetailDialog {...props} />
    </DialogBoundary>
  )
}
