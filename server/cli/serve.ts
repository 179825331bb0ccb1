/** `serve` (and no command at all): runs the server until SIGTERM/SIGINT, then drains and exits. */
import { buildServer } from '../server.ts'
import { ConfigError, loadConfig, loadDotEnvFile, type Config } from '../config.ts'

function fail(message: string): never {
  process.stderr.write(`pyoraapu: ${message}\n`)
  process.exit(1)
}

export async function serve(): Promise<void> {
  loadDotEnvFile()
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }

  const server = buildServer(config)

  try {
    await server.listen({ host: config.HOST, port: config.PORT })
  } catch (error) {
    server.log.fatal({ err: error }, 'could not start')
    fail(`could not start: ${(error as Error).message}`)
  }

  let shuttingDown = false
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (shuttingDown) return
    shuttingDown = true
    server.log.info({ signal }, 'shutting down: no new connections, draining requests')
    const timer = setTimeout(() => {
      server.log.error({ seconds: config.SHUTDOWN_TIMEOUT }, 'shutdown took too long, exiting anyway')
      process.exit(1)
    }, config.SHUTDOWN_TIMEOUT * 1000)
    timer.unref()
    try {
      await server.close()
      server.log.info('shut down cleanly')
      process.exit(0)
    } catch (error) {
      server.log.error({ err: error }, 'error while shutting down')
      process.exit(1)
    }
  }

  // shutdown() catches its own errors and exits: nothing is left to handle here.
  process.once('SIGTERM', (signal) => void shutdown(signal))
  process.once('SIGINT', (signal) => void shutdown(signal))
}
