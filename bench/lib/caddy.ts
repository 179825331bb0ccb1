/**
 * The project's Caddyfile in front of a running server, as production has it (docs/operating.md): HTTPS on
 * `localhost`, so browsers speak HTTP/2 to it, with Caddy's own local certificate authority. The Caddyfile is adapted
 * to JSON and run with one change: the local authority's root is not installed into the system's trust store
 * (Caddy would do that for `localhost`); a browser measuring through it is told to ignore certificate errors instead.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, ROOT } from './processes.ts'

export interface CaddyFront {
  /** https://localhost:<port> */
  url: string
  stop(): Promise<void>
}

/** Whether the caddy command is installed (Debian's package; `.ci/run` installs it). */
export function caddyInstalled(): boolean {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** GET over HTTPS without checking the certificate: the status, or undefined while nothing answers. */
function statusOf(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const call = request(url, { rejectUnauthorized: false }, (answer) => {
      answer.resume()
      resolve(answer.statusCode)
    })
    call.on('error', () => resolve(undefined))
    call.end()
  })
}

/** Starts Caddy with the project's Caddyfile before `upstream` (host:port) and waits until /readyz answers 200. */
export async function startCaddyFront(upstream: string): Promise<CaddyFront> {
  const port = await freePort()
  const home = mkdtempSync(join(tmpdir(), 'pyoraapu-caddy-'))
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_DATA_HOME: home,
    XDG_CONFIG_HOME: home,
    SITE_ADDRESS: `https://localhost:${port}`,
    APP_UPSTREAMS: upstream,
    CADDY_ADMIN: 'off',
  }
  const config = JSON.parse(
    execFileSync('caddy', ['adapt', '--config', 'Caddyfile', '--adapter', 'caddyfile'], { cwd: ROOT, env }).toString(),
  ) as { apps: Record<string, unknown> }
  config.apps.pki = { certificate_authorities: { local: { install_trust: false } } }
  const caddy = spawn('caddy', ['run', '--config', '-'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] })
  caddy.stdin.end(JSON.stringify(config))
  let log = ''
  const collect = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000))
  caddy.stdout.on('data', collect)
  caddy.stderr.on('data', collect)
  const exited = new Promise<void>((resolve) => caddy.once('exit', () => resolve()))
  const url = `https://localhost:${port}`
  const stop = async () => {
    if (caddy.exitCode === null) {
      caddy.kill('SIGTERM')
      await exited
    }
    rmSync(home, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  while ((await statusOf(url + '/readyz')) !== 200) {
    if (caddy.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`Caddy did not answer /readyz within 30 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, stop }
}
