import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { promptInstall, useInstallState } from './install-prompt.ts'
import { isRunningOnIos } from './platform.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { installMessages } from './install-catalog.ts'

const IOS_STEPS = [
  installMessages.installiosstep1,
  installMessages.installiosstep2,
  installMessages.installiosstep3,
  installMessages.installiosstep4,
] as const

/**
 * How to install here: the browser's own prompt behind a button when it offers one, the manual guide on iOS
 * (Safari never offers a prompt), a hint to the browser menu otherwise, and the result after a yes.
 */
export function InstallSteps() {
  const { i18n } = useLingui()
  const state = useInstallState()
  const [ios] = useState(isRunningOnIos)
  const finished = state === 'accepted' || state === 'installed'
  return (
    <section className="install-steps" aria-labelledby="install-heading">
      <h2 id="install-heading">{i18n._(installMessages.installhowheading)}</h2>
      {/* Always rendered, so the result of the browser's dialog is announced when it comes. */}
      <div role="status">{finished && <InstallSuccess installed={state === 'installed'} />}</div>
      {!finished && state === 'available' && (
        <p>
          <button
            type="button"
            className="button button--primary install-steps__button"
            onClick={() => void promptInstall()}
          >
            {i18n._(screenTitles.install)}
          </button>
        </p>
      )}
      {!finished && state === 'unavailable' && ios && (
        <>
          <p>{i18n._(installMessages.installiosintro)}</p>
          <ol className="install-steps__ios">
            {IOS_STEPS.map((step) => (
              <li key={step.id}>{i18n._(step)}</li>
            ))}
          </ol>
          {/* Safari delivers web push only to the installed app (iOS 16.4+): the reason to install, said plainly. */}
          <p>{i18n._(installMessages.installiospush)}</p>
        </>
      )}
      {!finished && state === 'unavailable' && !ios && <p>{i18n._(installMessages.installhint)}</p>}
    </section>
  )
}

function InstallSuccess({ installed }: { installed: boolean }) {
  const { i18n } = useLingui()
  return (
    <div className="install-success">
      <svg className="install-success__check" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path
          d="M14 25 L21 32 L35 17"
          fill="none"
          stroke="var(--color-bg)"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <p className="install-success__title">
          {i18n._(installed ? installMessages.installdone : installMessages.installaccepted)}
        </p>
        <p>{i18n._(installMessages.installwhere)}</p>
      </div>
    </div>
  )
}
