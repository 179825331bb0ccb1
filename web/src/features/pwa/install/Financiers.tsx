import { useLingui } from '@lingui/react'
import { installMessages } from './install-catalog.ts'

// Placeholders: both marks in public/install/ are neutral stand-ins drawn for this app, not any organisation's
// logo. Replace the files and the alt texts with the financiers' official logo files and names when they arrive.
const FINANCIERS = [
  { src: '/install/financier-fund.svg', alt: installMessages.financierfund },
  { src: '/install/financier-cycling.svg', alt: installMessages.financiercycling },
] as const

/** docs/product.md#screens-and-routes: the install page shows the partial-financing logos. */
export function Financiers() {
  const { i18n } = useLingui()
  return (
    <section className="financiers" aria-labelledby="financiers-heading">
      <h2 id="financiers-heading">{i18n._(installMessages.financedby)}</h2>
      <ul className="financiers__logos">
        {FINANCIERS.map(({ src, alt }) => (
          <li key={src}>
            <img src={src} alt={i18n._(alt)} width={160} height={64} />
          </li>
        ))}
      </ul>
    </section>
  )
}
