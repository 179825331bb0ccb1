import './Loader.css'

interface LoaderProps {
  /** Visible and announced text, already translated. */
  label: string
}

/** A spinner with its text in a polite live region, so screen readers hear that something is loading. */
export function Loader({ label }: LoaderProps) {
  return (
    <div className="loader" role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="loader__label">{label}</span>
    </div>
  )
}
