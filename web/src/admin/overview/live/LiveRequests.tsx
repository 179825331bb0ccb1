/** All requests on a live map and a filterable list (being built for issue 14). */
export function LiveRequests() {
  return null
}
