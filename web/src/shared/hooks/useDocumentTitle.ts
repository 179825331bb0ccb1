import { useEffect } from 'react'

/** Names the page in the tab, task switcher and screen reader announcements of a client-side navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title
  }, [title])
}
