import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { connectEventStream } from './events/connect.ts'
import { registerServiceWorker } from './push/register.ts'
import { useStore } from './store/index.ts'
import './styles/tokens.css'
import './styles/base.css'

// Start fetching the catalog and checking a stored session before React's first render, so both are often
// settled by then.
void useStore.getState().startLanguage()
void useStore.getState().startSession()
connectEventStream()
// The worker (web push) exists only in production builds; the dev server has none to register.
if (import.meta.env.PROD) registerServiceWorker()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
