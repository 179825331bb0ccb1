import { Component, type ReactNode } from 'react'

/** A map chunk that fails to download or throws shows its fallback ("Failed to load map") instead of a blank space. */
export class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.error('The map failed', error)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
