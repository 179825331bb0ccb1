import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react'
import { LoadFailure } from './LoadFailure.tsx'
import { retryFailedScreens } from './lazy-screen.ts'

interface ScreenBoundaryProps {
  children: ReactNode
  /** Shown while the screen's code is on its way; without it, the nearest Suspense above shows its own. */
  loading?: ReactNode
  /** Where the failure shows (a page's frame, a dialog's panel); the failure alone by default. */
  failed?: (failure: ReactNode) => ReactNode
  /** A dialog's close: the failure then floats above the screen with a Close button beside "Try again". */
  onClose?: () => void
  /** A change (the address, a dialog opened again) tries the failed screen again. */
  resetKey?: unknown
}

/**
 * Whatever a screen fails with (mostly its code or texts not fetched: offline before the service worker stored the
 * app, or a new release that replaced the files) shows "could not be loaded" with "Try again" in its place, and the
 * rest of the app stays usable; without it React unmounts the whole app, a white page (docs/pwa.md, "Never a blank
 * page").
 */
export class ScreenBoundary extends Component<ScreenBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed', error, info.componentStack)
  }

  override componentDidUpdate(previous: ScreenBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry({ reload: false })
  }

  retry = ({ reload }: { reload: boolean }) => {
    retryFailedScreens({ reload })
    this.setState({ failed: false })
  }

  override render() {
    const { children, loading, failed = (failure) => failure, onClose } = this.props
    if (this.state.failed) return failed(<LoadFailure onRetry={() => this.retry({ reload: true })} onClose={onClose} />)
    return loading === undefined ? children : <Suspense fallback={loading}>{children}</Suspense>
  }
}
