import type { ServiceCategory } from './api.ts'
import { CATEGORY_LOOKS, CERTIFICATE_GLYPH } from './categories.ts'

/** The category's marker icon, for screens; decorative unless a label is given. */
export function CategoryIcon({
  category,
  size = 32,
  label,
}: {
  category: ServiceCategory
  size?: number
  label?: string
}) {
  const { color, glyph } = CATEGORY_LOOKS[category]
  return (
    <svg
      viewBox="-4 -4 32 32"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="category-icon"
    >
      <circle cx="12" cy="12" r="14.5" fill={color} stroke="#ffffff" strokeWidth="2.5" />
      <path d={glyph} fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

export function CertificateIcon({ label, size = 28 }: { label: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} role="img" aria-label={label} className="certificate-icon">
      <path d={CERTIFICATE_GLYPH} fill="#1f6b2a" stroke="#1f6b2a" strokeWidth="1.5" strokeLinejoin="round" />
      <path
        d="M8.5 11l2.5 2.5 4.5-4.5"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
