import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { fetchBlocks, liftBlock, type BlockItem } from './api.ts'
import { blockMessages } from './blocks-catalog.ts'
import './blocks.css'
import { intlLocale } from '#shared/format/intl-locale.ts'

type Load = { phase: 'loading' } | { phase: 'failed' } | { phase: 'loaded'; blocks: BlockItem[] }

/**
 * "Blocked people" in the settings (docs/safety.md, "Blocks"): whom the user blocked, newest first, each with "Lift
 * the block". Lifting brings that person's requests back into the list (the server tells the open apps).
 */
export function BlockedPeopleSection() {
  const { i18n } = useLingui()
  const refetchRequests = useStore((s) => s.refetchRequests)
  const [load, setLoad] = useState<Load>({ phase: 'loading' })
  const [lifting, setLifting] = useState<number | null>(null)
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  useEffect(() => {
    let current = true
    fetchBlocks().then(
      (blocks) => current && setLoad({ phase: 'loaded', blocks }),
      () => current && setLoad({ phase: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [])

  async function lift(block: BlockItem) {
    if (lifting !== null) return
    setLifting(block.block_id)
    setSaid(null)
    try {
      await liftBlock(block.block_id)
      setLoad((now) =>
        now.phase === 'loaded' ? { phase: 'loaded', blocks: now.blocks.filter((b) => b !== block) } : now,
      )
      setSaid({ tone: 'success', text: i18n._(blockMessages.unblocked.id, { name: block.user_name }) })
      void refetchRequests()
    } catch (error) {
      setSaid({ tone: 'error', text: i18n._(messages[messageKeyOf(error)]) })
    } finally {
      setLifting(null)
    }
  }

  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium' }).format(new Date(iso))

  return (
    <div className="blocked-people">
      {load.phase === 'loading' && <Loader label={i18n._(blockMessages.loadingblocks)} />}
      {load.phase === 'failed' && <FormMessage tone="error" text={i18n._(blockMessages.blocksfailed)} />}
      {load.phase === 'loaded' && load.blocks.length === 0 && <p>{i18n._(blockMessages.noblockedpeople)}</p>}
      {load.phase === 'loaded' && load.blocks.length > 0 && (
        <ul className="blocked-people__list">
          {load.blocks.map((block) => (
            <li key={block.block_id} className="blocked-people__item">
              <span className="blocked-people__who">
                <span className="blocked-people__name">{block.user_name}</span>
                <span className="blocked-people__since">
                  {i18n._(blockMessages.blockedsince.id, { date: date(block.created_at) })}
                </span>
              </span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={i18n._(blockMessages.unblocklabel.id, { name: block.user_name })}
                disabled={lifting !== null}
                onClick={() => void lift(block)}
              >
                {i18n._(blockMessages.unblock)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormMessage tone={said?.tone ?? 'success'} text={said?.text ?? null} />
    </div>
  )
}
