import { useId, type ReactNode } from 'react'

interface SettingsSectionProps {
  title: string
  /** The current value, shown on the closed header so the user need not open the section to read it. */
  summary?: string
  open: boolean
  onToggle: () => void
  children: ReactNode
}

/** One collapsible section of the settings modal (WAI-ARIA accordion: a heading holding a disclosure button). */
export function SettingsSection({ title, summary, open, onToggle, children }: SettingsSectionProps) {
  const buttonId = useId()
  const panelId = useId()
  return (
    <section className="settings-section">
      <h3 className="settings-section__heading">
        <button
          id={buttonId}
          type="button"
          className="settings-section__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="settings-section__title">{title}</span>
          {summary && <span className="settings-section__summary">{summary}</span>}
          <svg className="settings-section__chevron" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </h3>
      {/* Content mounts on opening: closing a section drops an unsaved edit and old messages with it. */}
      <div id={panelId} role="region" aria-labelledby={buttonId} className="settings-section__panel" hidden={!open}>
        {open && children}
      </div>
    </section>
  )
}
