/** What other features use of info/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { InfoLayout } from './InfoLayout.tsx'
export { SupportAddress } from './SupportAddress.tsx'
export { SupportEmailLink } from './SupportEmailLink.tsx'
export { useSupportEmail } from './support.ts'
