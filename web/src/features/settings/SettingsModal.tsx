import { useLingui } from '@lingui/react'
import { useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { adminMessages } from '#features/admin'
import { accountMessages } from './account-catalog.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { notificationMessages } from './notification-catalog.ts'
import { ENDONYM_OF } from '#shared/i18n/language.ts'
import { screenTitles, shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectIsAdmin, selectUser } from '#features/account'
import { selectLanguage } from './slice.ts'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { AccountSection } from './AccountSection.tsx'
import { LanguageSection } from './LanguageSection.tsx'
import { NotificationsSection } from './NotificationsSection.tsx'
import { RadiusLocationSection } from './RadiusLocationSection.tsx'
import { SessionRow } from './SessionRow.tsx'
import { SettingsSection } from './SettingsSection.tsx'
import { BlockedPeopleSection, blockMessages } from '#features/blocks'
import { AbilitiesSection, abilityMessages } from '#features/abilities'
import { KeptMapSection, formatKeptSize, keptMapMessages, useKeeper } from '#features/kept-map'
import './Settings.css'

/** Sections in the order of docs/product.md#screens-and-routes. */
type SectionId = 'account' | 'radiusandlocation' | 'notifications' | 'abilities' | 'blockedpeople' | 'map' | 'language'

interface SettingsModalProps {
  open: boolean
  onClose: () => void
}

/**
 * The settings modal: collapsible sections, at most one open at a time (docs/product.md#screens-and-routes). The account, the
 * radius-and-location and the notifications sections belong to a logged-in user; a visitor sees the language, the
 * info link and a login link.
 */
export function SettingsModal({ open, onClose }: SettingsModalProps) {
  const { i18n } = useLingui()
  const language = useStore(selectLanguage)
  const user = useStore(selectUser)
  const isAdmin = useStore(selectIsAdmin)
  const [openSection, setOpenSection] = useState<SectionId | null>(null)
  const { kept } = useKeeper()

  const sections: { id: SectionId; title: string; summary?: string; content: ReactNode }[] = []
  if (user) {
    sections.push(
      { id: 'account', title: i18n._(accountMessages.account), summary: user.user_name, content: <AccountSection /> },
      {
        id: 'radiusandlocation',
        title: i18n._(accountMessages.radiusandlocation),
        summary: i18n._(formMessages.radiusvalue.id, { radius: user.radius }),
        content: <RadiusLocationSection />,
      },
      // Push goes to a user: a visitor has nothing to be notified of.
      { id: 'notifications', title: i18n._(notificationMessages.notifications), content: <NotificationsSection /> },
      // docs/product.md#abilities: whom the waves alert first, and what the alert says.
      { id: 'abilities', title: i18n._(abilityMessages.abilities), content: <AbilitiesSection /> },
      // docs/safety.md, "Blocks": the only place a block is lifted.
      { id: 'blockedpeople', title: i18n._(blockMessages.blockedpeople), content: <BlockedPeopleSection /> },
    )
  }
  // docs/pwa.md, "The kept map": for a visitor too, whose map is the service map.
  sections.push({
    id: 'map',
    title: i18n._(keptMapMessages.mapsection),
    summary: kept ? formatKeptSize(kept.bytes, i18n.locale) : undefined,
    content: <KeptMapSection />,
  })
  sections.push({
    id: 'language',
    title: i18n._(shellMessages.language),
    summary: ENDONYM_OF[language],
    content: <LanguageSection />,
  })

  return (
    <Dialog open={open} onClose={onClose} title={i18n._(shellMessages.settings)}>
      <div className="settings">
        {sections.map((section) => (
          <SettingsSection
            key={section.id}
            title={section.title}
            summary={section.summary}
            open={openSection === section.id}
            onToggle={() => setOpenSection((current) => (current === section.id ? null : section.id))}
          >
            {section.content}
          </SettingsSection>
        ))}
        {isAdmin && (
          <div className="settings-row">
            <Link href="/admin" className="touch-link" onClick={onClose}>
              {i18n._(adminMessages.admindashboard)}
            </Link>
          </div>
        )}
        <div className="settings-row">
          <Link href="/info" className="touch-link" onClick={onClose}>
            {i18n._(screenTitles.info)}
          </Link>
        </div>
        <SessionRow onDone={onClose} />
      </div>
    </Dialog>
  )
}
