import { lazy, Suspense, type ComponentProps } from 'react'
import { useOnceTrue } from '../../../shared/hooks/useOnceTrue.ts'
import { withTexts } from '../../../shared/i18n/catalog-loader.ts'

const NewRequestDialog = lazy(
  withTexts('new-request', () => import('./NewRequestDialog.tsx').then((m) => ({ default: m.NewRequestDialog }))),
)

/** The new-request dialog, fetched when "Ask for help" is first pressed (precached by the service worker). */
export function LazyNewRequestDialog(props: ComponentProps<typeof NewRequestDialog>) {
  if (!useOnceTrue(props.open)) return null
  return (
    <Suspense fallback={null}>
      <NewRequestDialog {...props} />
    </Suspense>
  )
}
