import { useLingui } from '@lingui/react'
import { Dialog } from '#shared/ui/Dialog.tsx'
import { SupportEmailLink, useSupportEmail } from '#features/info'
import type { Notice } from './api.ts'
import { moderationMessages, outcomeTexts } from './moderation-catalog.ts'
import './moderation.css'
import { intlLocale } from '#shared/format/intl-locale.ts'

/** One notice of a moderation decision, in a dialog the user acknowledges (./ModerationNotices.tsx). */
export default function NoticeDialog({ notice, onSeen }: { notice: Notice; onSeen: () => void }) {
  const { i18n } = useLingui()
  const email = useSupportEmail()
  if (notice.kind === 'warning') {
    return (
      <Dialog open onClose={onSeen} title={i18n._(moderationMessages.warningtitle)}>
        <div className="form">
          <p>{i18n._(moderationMessages.warningintro)}</p>
          <blockquote className="moderation-notice__reasons">{notice.reason}</blockquote>
          <p>{i18n._(moderationMessages.warningrules)}</p>
          <p>
            {i18n._(moderationMessages.warningappeal)} <SupportEmailLink email={email} />
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={onSeen}>
              {i18n._(moderationMessages.warningseen)}
            </button>
          </div>
        </div>
      </Dialog>
    )
  }
  const date = new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium' }).format(
    new Date(notice.reported_at),
  )
  return (
    <Dialog open onClose={onSeen} title={i18n._(moderationMessages.reviewedtitle)}>
      <div className="form">
        <p>{i18n._(outcomeTexts[notice.action].id, { date })}</p>
        <p>{i18n._(moderationMessages.reviewedthanks)}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onSeen}>
            {i18n._(moderationMessages.reportok)}
          </button>
        </div>
      </div>
    </Dialog>
  )
}
