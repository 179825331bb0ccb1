/** The dashboard's figures: cards from GET /api/admin/stats and the 30-day chart (being built for issue 14). */
export function AdminFigures() {
  return null
}
