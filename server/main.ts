/** The server from the TypeScript sources (`npm run dev:server`, tests); production runs the bundle of server/cli.ts. */
import { serve } from './cli/serve.ts'

await serve()
