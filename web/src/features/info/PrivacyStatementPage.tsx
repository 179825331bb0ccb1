import { useLingui } from '@lingui/react'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { InfoLayout } from './InfoLayout.tsx'
import { infoMessages } from './info-catalog.ts'
import { useModerationRecordDays, usePhoneReach, useSupportEmail } from './support.ts'
import { SupportEmailLink } from './SupportEmailLink.tsx'

const CONTENT = [
  infoMessages.registeritemaccount,
  infoMessages.registeritemlocation,
  infoMessages.registeritemrequests,
  infoMessages.registeritemmessages,
  infoMessages.registeritemthanks,
  infoMessages.registeritempositions,
  infoMessages.registeritempush,
  // Receipts of alerts (server/push/receipts.ts, RECEIPT_DAYS).
  infoMessages.registeritemreceipts,
  infoMessages.registeritemabilities,
] as const

/** Who sees phone numbers: exactly what server/domain/requests/requests.ts (phonesFor) lets through, and the device copy. */
const PHONES = [
  infoMessages.registerphoneslist,
  infoMessages.registerphonesdetail,
  infoMessages.registerphonesreach,
  infoMessages.registerphonesonlyhelper,
  infoMessages.registerphoneshelper,
  infoMessages.registerphonescompleted,
  infoMessages.registerphonesdevice,
] as const

/** Who sees messages and how long they last: what server/domain/conversation/conversation.ts enforces. */
const MESSAGES = [
  infoMessages.registermessageswho,
  infoMessages.registermessagespush,
  infoMessages.registermessagesretention,
] as const

/** Who sees a thank-you and the helped count: what server/domain/requests/thanks.ts enforces. */
const THANKS = [infoMessages.registerthankswho, infoMessages.registerthankscount] as const
/** The helper's shared location ("On my way"): what server/domain/requests/position.ts enforces. */
const POSITIONS = [
  infoMessages.registerpositionswho,
  infoMessages.registerpositionskept,
  // The helper's distance at a take-over: requestFor in server/domain/requests/requests.ts.
  infoMessages.registerhelperdistance,
] as const

/** Share links: what server/domain/share-links/share-links.ts answers and keeps. */
const SHARE_LINKS = [infoMessages.registersharelinkswhat, infoMessages.registersharelinkskept] as const
/** Blocks, reports and moderation: what server/domain/blocks/ and server/domain/moderation/ keep (docs/safety.md). */
const SAFETY_BETWEEN_USERS = [
  infoMessages.registerblocks,
  infoMessages.registerreports,
  infoMessages.registerdecisions,
  // What a deleted account leaves: server/domain/moderation/kept-records.ts, MODERATION_RECORD_DAYS.
  infoMessages.registerkeptafterdeletion,
] as const

const SAFETY = [infoMessages.registersafety1, infoMessages.registersafety2, infoMessages.registersafety4] as const

/** /privacystatement: who keeps the register, what it holds and how it is protected (true to docs/security.md and docs/product.md). */
export function PrivacyStatementPage() {
  const { i18n } = useLingui()
  const supportEmail = useSupportEmail()
  const phoneReach = usePhoneReach()
  const days = useModerationRecordDays()
  return (
    <InfoLayout title={i18n._(screenTitles.privacystatement)}>
      <section className="info-section" aria-labelledby="register-holder-heading">
        <h2 id="register-holder-heading">{i18n._(infoMessages.registerholderheading)}</h2>
        <p>
          {i18n._(infoMessages.registerholdertext)} <SupportEmailLink email={supportEmail} />
        </p>
      </section>
      <section className="info-section" aria-labelledby="register-content-heading">
        <h2 id="register-content-heading">{i18n._(infoMessages.registercontentheading)}</h2>
        <p>{i18n._(infoMessages.registercontentintro)}</p>
        <ul>
          {CONTENT.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
        <p>{i18n._(infoMessages.registerretention)}</p>
      </section>
      <section className="info-section" aria-labelledby="register-phones-heading">
        <h2 id="register-phones-heading">{i18n._(infoMessages.registerphonesheading)}</h2>
        <ul>
          {PHONES.map((item) => (
            <li key={item.id}>{i18n._(item.id, phoneReach)}</li>
          ))}
        </ul>
      </section>
      <section className="info-section" aria-labelledby="register-messages-heading">
        <h2 id="register-messages-heading">{i18n._(infoMessages.registermessagesheading)}</h2>
        <ul>
          {MESSAGES.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </section>
      <section className="info-section" aria-labelledby="register-thanks-heading">
        <h2 id="register-thanks-heading">{i18n._(infoMessages.registerthanksheading)}</h2>
        <ul>
          {THANKS.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </section>
      <section className="info-section" aria-labelledby="register-positions-heading">
        <h2 id="register-positions-heading">{i18n._(infoMessages.registerpositionsheading)}</h2>
        <ul>
          {POSITIONS.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </section>
      <section className="info-section" aria-labelledby="register-share-links-heading">
        <h2 id="register-share-links-heading">{i18n._(infoMessages.registersharelinksheading)}</h2>
        <ul>
          {SHARE_LINKS.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </section>
      <section className="info-section" aria-labelledby="register-moderation-heading">
        <h2 id="register-moderation-heading">{i18n._(infoMessages.registermoderationheading)}</h2>
        <ul>
          {SAFETY_BETWEEN_USERS.map((item) => (
            <li key={item.id}>{i18n._(item.id, { days })}</li>
          ))}
        </ul>
      </section>
      {/* Aggregates only: what server/domain/stats/public-figures.ts answers (docs/product.md#public-figures). */}
      <section className="info-section" aria-labelledby="register-stats-heading">
        <h2 id="register-stats-heading">{i18n._(infoMessages.registerstatsheading)}</h2>
        <p>{i18n._(infoMessages.registerstats)}</p>
      </section>
      <section className="info-section" aria-labelledby="register-safety-heading">
        <h2 id="register-safety-heading">{i18n._(infoMessages.registersafetyheading)}</h2>
        {SAFETY.map((paragraph) => (
          <p key={paragraph.id}>{i18n._(paragraph)}</p>
        ))}
      </section>
    </InfoLayout>
  )
}
