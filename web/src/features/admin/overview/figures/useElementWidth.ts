import { useCallback, useEffect, useState } from 'react'

/**
 * The content width of an element, followed as it resizes (a rotated phone, a resized window). Returns a ref
 * callback to put on the element and its width in CSS pixels, 0 until it is measured.
 */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return [useCallback((next: T | null) => setElement(next), []), width]
}
