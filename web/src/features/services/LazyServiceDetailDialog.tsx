import { lazy, Suspense, type ComponentProps } from 'react'
import { useOnceTrue } from '../../shared/hooks/useOnceTrue.ts'
import { withTexts } from '../../shared/i18n/catalog-loader.ts'

const ServiceDetailDialog = lazy(
  withTexts('service-detail', () =>
    import('./ServiceDetailDialog.tsx').then((m) => ({ default: m.ServiceDetailDialog })),
  ),
)

/** A service's detail, fetched when the first marker is opened (the map itself is a chunk of its own already). */
export function LazyServiceDetailDialog(props: ComponentProps<typeof ServiceDetailDialog>) {
  if (!useOnceTrue(props.service !== null)) return null
  return (
    <Suspense fallback={null}>
      <ServiceDetailDialog {...props} />
    </Suspense>
  )
}
