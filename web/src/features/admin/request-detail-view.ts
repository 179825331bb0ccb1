import type { ComponentType } from 'react'

/**
 * The request detail the live list opens (`/admin?request=<id>`). It combines features (the conversation, thanks,
 * position sharing...), so it lives in app/ and the app hands it to the dashboard (app/AdminScreen.tsx).
 */
export type RequestDetailView = ComponentType<{ requestId: number | null; onClose: () => void }>
