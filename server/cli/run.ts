import { ConfigError, loadConfig, loadDotEnvFile, type Config } from '../config.ts'

/** Command-line tasks log only warnings: their own output is the few lines an operator reads. */
export const quietLog = { info() {}, warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)) }

/** The configuration as the server would see it (.env included); a bad value is a ConfigError naming it. */
export function commandConfig(): Config {
  loadDotEnvFile()
  return loadConfig()
}

/**
 * Runs one command and turns its outcome into the exit code: its own number, or 1 with `<name>: <reason>` for
 * a thrown error (a bad setting, an unreachable database), never a stack trace an operator has to read.
 */
export async function runCommand(name: string, command: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await command()
  } catch (error) {
    console.error(`${name}: ${error instanceof ConfigError ? error.message : (error as Error).message}`)
    process.exitCode = 1
  }
}
