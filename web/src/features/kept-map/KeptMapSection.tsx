import { useLingui } from '@lingui/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { selectLocationStatus, selectPosition, selectUser } from '#features/account'
import { keptRadius, KEPT_MAX_RADIUS_KM } from '#server/tiles/area.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { useOnline } from '#shared/hooks/useOnline.ts'
import { useMapConfig } from '#shared/map/useMapConfig.ts'
import { useStore } from '#shared/store/store.ts'
import { cancelKeeping, keepArea, keeperState, removeKept, subscribeKeeper, type KeeperState } from './keeper.ts'
import { keptMapMessages } from './kept-map-catalog.ts'
import { formatAmount, formatDay, formatSize, sizeUnit } from './format.ts'
import { storageRisk, type StorageRisk } from './storage-risk.ts'
import './kept-map.css'

export const useKeeper = (): KeeperState => useSyncExternalStore(subscribeKeeper, keeperState)

/** The archive version a tile URL template names (?v=). */
const versionOf = (template: string) => new URL(template, location.origin).searchParams.get('v')

/**
 * Settings → Map: "Keep the map of this area on this phone" (docs/pwa.md, "The kept map"). The area is the circle
 * of the user's radius (at most 30 km; 30 for a visitor) around the position the app knows; with none, the button
 * asks the browser for one, and without an answer says that it needs a location.
 */
export function KeptMapSection() {
  const { i18n } = useLingui()
  const config = useMapConfig()
  const user = useStore(selectUser)
  const position = useStore(selectPosition)
  const locating = useStore(selectLocationStatus) === 'locating'
  const locate = useStore((state) => state.locate)
  const keeper = useKeeper()
  const online = useOnline()
  const [needsLocation, setNeedsLocation] = useState(false)
  const [risk, setRisk] = useState<StorageRisk>(null)
  const radius = keptRadius(user?.radius ?? KEPT_MAX_RADIUS_KM)
  const { kept, phase } = keeper

  // Whether the browser may evict what is (being) kept: asked again when keeping starts or ends.
  useEffect(() => {
    if (!kept && phase !== 'keeping') return
    let current = true
    void storageRisk().then((next) => current && setRisk(next))
    return () => {
      current = false
    }
  }, [kept, phase])

  if (config === null) return null
  if (config === 'failed' || config.kind !== 'vector') {
    return <p className="kept-map__text">{i18n._(keptMapMessages.keptmapraster)}</p>
  }
  const template = config.tileUrl

  async function keep() {
    setNeedsLocation(false)
    if (locating || !online) return
    const centre = position ?? (await locate())
    if (!centre) {
      setNeedsLocation(true)
      return
    }
    await keepArea({ centre, radius, template })
  }

  const failure =
    phase === 'idle' && keeper.failure
      ? {
          offline: keptMapMessages.keptmapoffline,
          storage: keptMapMessages.keptmapnospace,
          failed: keptMapMessages.keptmapfailed,
        }[keeper.failure]
      : null
  const riskText =
    (kept || phase === 'keeping') && risk
      ? i18n._(risk === 'lowstorage' ? keptMapMessages.keptmaplowstorage : keptMapMessages.keptmapnotpersisted)
      : null

  return (
    <div className="settings-panel kept-map">
      {phase === 'idle' && !kept && (
        <>
          <p className="kept-map__text">{i18n._(keptMapMessages.keepmapintro.id, { radius })}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void keep()}
            aria-disabled={locating || !online || undefined}
          >
            {i18n._(keptMapMessages.keepmap)}
          </button>
        </>
      )}
      {phase === 'idle' && kept && (
        <>
          <p className="kept-map__text kept-map__done">
            {i18n._(keptMapMessages.keptmapdone.id, {
              size: formatSize(kept.bytes, i18n.locale),
              date: formatDay(kept.keptAt, i18n.locale),
            })}
          </p>
          {kept.version !== versionOf(template) && (
            <p className="kept-map__text">{i18n._(keptMapMessages.keptmapoutdated)}</p>
          )}
          <div className="kept-map__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void keep()}
              aria-disabled={locating || !online || undefined}
            >
              {i18n._(keptMapMessages.keptmapupdate)}
            </button>
            <button
              type="button"
              className="button button--secondary button--danger-outline"
              onClick={() => void removeKept()}
            >
              {i18n._(keptMapMessages.keptmapremove)}
            </button>
          </div>
        </>
      )}
      {phase !== 'idle' && (
        <div className="kept-map__progress">
          <Progress keeper={keeper} locale={i18n.locale} />
          <button type="button" className="button button--secondary" onClick={cancelKeeping}>
            {i18n._(formMessages.cancel)}
          </button>
        </div>
      )}
      <FormMessage
        tone="error"
        text={
          needsLocation
            ? i18n._(keptMapMessages.keptmapneedslocation)
            : !online && phase === 'idle'
              ? i18n._(keptMapMessages.keptmapoffline)
              : failure && i18n._(failure)
        }
      />
      <FormMessage tone="warning" text={riskText} />
    </div>
  )
}

function Progress({ keeper, locale }: { keeper: KeeperState; locale: string }) {
  const { i18n } = useLingui()
  const label = i18n._(keptMapMessages.keepmapstoring)
  if (keeper.phase !== 'keeping') {
    return (
      <>
        <progress className="kept-map__bar" aria-label={label} />
        <p className="kept-map__text" role="status">
          {i18n._(keptMapMessages.keepmapsizing)}
        </p>
      </>
    )
  }
  const unit = sizeUnit(keeper.total)
  const text = i18n._(keptMapMessages.keepmapprogress.id, {
    done: formatAmount(keeper.done, locale, unit),
    total: formatSize(keeper.total, locale, unit),
  })
  return (
    <>
      <progress className="kept-map__bar" aria-label={label} max={keeper.total || 1} value={keeper.done} />
      <p className="kept-map__text kept-map__amount">{text}</p>
    </>
  )
}
