/**
 * The page's OpenLayers map next to the element `selector` finds, as a page expression: MapView hands it to its
 * MapContext provider, the React sibling of the map's element, so React's fiber of that element leads to it.
 * Production exposes nothing for tests.
 */
export function olMapNextTo(selector: string): string {
  return `(() => {
  const element = document.querySelector(${JSON.stringify(selector)})
  const fiber = element[Object.keys(element).find((key) => key.startsWith('__reactFiber$'))]
  // The element keeps the fiber it was mounted with; the provider may have come later, on its alternate.
  for (let sibling of [fiber, fiber.alternate]) {
    while (sibling) {
      const value = sibling.memoizedProps && sibling.memoizedProps.value
      if (value && value.getView) return value
      sibling = sibling.sibling
    }
  }
  throw new Error('no OpenLayers map next to ' + ${JSON.stringify(selector)})
})()`
}
