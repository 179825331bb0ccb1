import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { useAction } from '#shared/form/useAction.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { messages } from '#shared/i18n/catalog.ts'
import { useNow } from '#shared/hooks/useNow.ts'
import type { HelpRequest } from '#features/requests'
import { fetchShareLink, revokeShareLink, shareRequest, type ShareLink } from './api.ts'
import { shareLinkMessages } from './share-link-catalog.ts'
import { canShareNatively, smsHref, type SharePayload } from './share-message.ts'
import { formatClock } from './shared-view.ts'
import './share-link.css'

type Notice = 'copied' | 'copyfailed' | 'stopped' | null

/**
 * "Share with someone you trust" in the owner's request detail (docs/requests.md, "Share links"): makes a read-only
 * link of an active request and hands it to the phone's share menu (Web Share API) where there is one; the link is
 * then shown with a copy button and an `sms:` link, which also serve browsers without a share menu, and "Stop
 * sharing the link". A completed request shows the section only while its link still works, to stop it early.
 */
export function ShareLinkSection({ request }: { request: HelpRequest }) {
  const { i18n } = useLingui()
  const id = request.request_id
  const completed = request.status === 'completed'
  const [link, setLink] = useState<ShareLink | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const { busy, error, run } = useAction()
  const field = useRef<HTMLInputElement>(null)
  const now = useNow()

  // Whether a link is live (made earlier, on this or another device); asked again when the request completes,
  // since the link then ends an hour later. Without an answer, the section offers to share, which answers the
  // live link anyway.
  useEffect(() => {
    let current = true
    fetchShareLink(id).then(
      (live) => current && setLink(live),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [id, completed])

  if (completed && !link && notice !== 'stopped') return null

  const payload = (made: ShareLink): SharePayload => ({
    title: i18n._(shareLinkMessages.sharelinktitle),
    text: i18n._(shareLinkMessages.sharelinktext),
    url: made.url,
  })

  /** The share menu; closing it without sharing is no error, and the link stays on screen to copy or text. */
  async function openShareMenu(made: ShareLink) {
    if (!canShareNatively(payload(made), navigator)) return
    try {
      await navigator.share(payload(made))
    } catch {
      // Cancelled, or refused by the browser: the copy and SMS ways are right there.
    }
  }

  const create = () =>
    run(async () => {
      setNotice(null)
      const made = await shareRequest(id)
      setLink(made)
      await openShareMenu(made)
    })

  const stop = () =>
    run(async () => {
      await revokeShareLink(id)
      setLink(null)
      setNotice('stopped')
    })

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      setNotice('copied')
    } catch {
      field.current?.select()
      setNotice('copyfailed')
    }
  }

  const noticeText =
    notice === 'copied'
      ? i18n._(shareLinkMessages.sharelinkcopied)
      : notice === 'stopped'
        ? i18n._(shareLinkMessages.sharelinkstopped)
        : null

  return (
    <section className="request-detail__section share-link" aria-labelledby="share-link-heading">
      <h3 id="share-link-heading" className="request-detail__heading">
        {i18n._(shareLinkMessages.sharelinkheading)}
      </h3>
      <p className="field__hint">{i18n._(shareLinkMessages.sharelinkexplain)}</p>
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
      {link ? (
        <div className="share-link__live">
          <p className="share-link__state">
            {i18n._(shareLinkMessages.sharelinklive.id, { time: formatClock(link.expires_at, now, i18n.locale) })}
          </p>
          <TextField
            ref={field}
            label={i18n._(shareLinkMessages.sharelinkfield)}
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="share-link__actions">
            {!completed && canShareNatively(payload(link), navigator) && (
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void openShareMenu(link)}
              >
                {i18n._(shareLinkMessages.sharelinkshare)}
              </button>
            )}
            {!completed && (
              <>
                <button type="button" className="button button--secondary" onClick={() => void copy(link.url)}>
                  {i18n._(shareLinkMessages.sharelinkcopy)}
                </button>
                <a className="button button--secondary" href={smsHref(payload(link))}>
                  {i18n._(shareLinkMessages.sharelinksms)}
                </a>
              </>
            )}
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void stop()}>
              {i18n._(shareLinkMessages.sharelinkstop)}
            </button>
          </div>
          {notice === 'copyfailed' && <p className="field__hint">{i18n._(shareLinkMessages.sharelinkcopyfailed)}</p>}
        </div>
      ) : (
        !completed && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void create()}>
            {i18n._(shareLinkMessages.sharelinkcreate)}
          </button>
        )
      )}
      <FormMessage tone="success" text={noticeText} />
    </section>
  )
}
