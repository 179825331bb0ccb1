import { useLingui } from '@lingui/react'
import { Link } from 'wouter'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { InfoLayout } from './InfoLayout.tsx'
import { infoMessages } from './info-catalog.ts'
import { SupportAddress } from './SupportAddress.tsx'
import { APP_VERSION } from './support.ts'
import { NotAnEmergencyService } from '#features/emergency'
import { SafetyPoints, safetyMessages } from '#features/safety'

const FAQ = [
  { question: infoMessages.faq1question, answer: infoMessages.faq1answer },
  { question: infoMessages.faq2question, answer: infoMessages.faq2answer },
  { question: infoMessages.faq3question, answer: infoMessages.faq3answer },
] as const

/**
 * /info: the FAQ, safety around the meeting, how to send a question, the links to the public figures and the privacy
 * statement, and the app version.
 */
export function InfoPage() {
  const { i18n } = useLingui()
  return (
    <InfoLayout title={i18n._(screenTitles.info)}>
      <NotAnEmergencyService />
      <section className="info-section" aria-labelledby="faq-heading">
        <h2 id="faq-heading">{i18n._(infoMessages.infofaqheading)}</h2>
        <div className="faq">
          {FAQ.map(({ question, answer }) => (
            <details key={question.id} className="faq__item">
              <summary className="faq__question">{i18n._(question)}</summary>
              <p className="faq__answer">{i18n._(answer)}</p>
            </details>
          ))}
        </div>
      </section>
      <section className="info-section" aria-labelledby="safety-heading">
        <h2 id="safety-heading">{i18n._(safetyMessages.safetytitle)}</h2>
        <SafetyPoints />
      </section>
      <section className="info-section" aria-labelledby="send-question-heading">
        <h2 id="send-question-heading">{i18n._(infoMessages.sendquestionheading)}</h2>
        <p>{i18n._(infoMessages.sendquestiontext)}</p>
        <SupportAddress />
      </section>
      <p>
        <Link href="/stats" className="info-page__link">
          {i18n._(infoMessages.statslink)}
        </Link>
      </p>
      <p>
        <Link href="/privacystatement" className="info-page__link">
          {i18n._(screenTitles.privacystatement)}
        </Link>
      </p>
      <p className="page__badge info-page__version">{i18n._(infoMessages.appversion.id, { version: APP_VERSION })}</p>
    </InfoLayout>
  )
}
