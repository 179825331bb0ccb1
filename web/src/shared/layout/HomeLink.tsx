import { Link } from 'wouter'
import { Banner } from '../ui/Banner.tsx'

/** The top bar's banner as the way home, on every screen but the main one. */
export function HomeLink() {
  return (
    <Link href="/" className="top-bar__home">
      <Banner />
    </Link>
  )
}
