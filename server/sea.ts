import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import sea from 'node:sea'

/**
 * The single executable (`dist/pyoraapu`, scripts/build-binary.ts) carries the project's files as SEA assets: a
 * binary cannot read them from beside itself. Outside the binary nothing here is used.
 *
 * The files that code reads from disk (sql/, seed/, web/dist, which the server reads into memory at start) are extracted once
 * into a private folder named by their content hash, and PROJECT_ROOT points there: every reader keeps its normal
 * file path. PGlite's wasm and data files are handed to it from memory instead (no copy of 15 MB per version).
 */

/** Written by the build: the asset keys to extract, and a hash of their content that names the extracted folder. */
export const SEA_MANIFEST = 'manifest.json'
export interface SeaManifest {
  version: string
  hash: string
  files: string[]
}

export function isSea(): boolean {
  // node:sea's isSea exists from Node 20.12; the binary embeds Node 24.
  return typeof sea.isSea === 'function' && sea.isSea()
}

let extracted: string | undefined

/**
 * The folder holding the extracted project files: ~/.cache/pyoraapu/<version>-<hash>. Made by this user only
 * (0700) and checked to be ours, so nobody else can swap a migration or the SPA under us; written under a
 * temporary name and renamed, so a start killed mid-way or two starting at once never leave half a folder.
 */
export function seaProjectRoot(): string {
  if (extracted) return extracted
  const manifest = JSON.parse(sea.getAsset(SEA_MANIFEST, 'utf8')) as SeaManifest
  const cache = join(homedir(), '.cache', 'pyoraapu')
  mkdirSync(cache, { recursive: true, mode: 0o700 })
  const stat = lstatSync(cache)
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o022) !== 0) {
    throw new Error(`${cache} must be a folder owned by this user and writable by nobody else`)
  }
  const target = join(cache, `${manifest.version}-${manifest.hash}`)
  if (!existsSync(join(target, '.complete'))) {
    const partial = mkdtempSync(join(cache, '.extract-'))
    for (const key of manifest.files) {
      const path = join(partial, key)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, new Uint8Array(sea.getRawAsset(key) as ArrayBuffer))
    }
    writeFileSync(join(partial, '.complete'), '')
    try {
      renameSync(partial, target)
    } catch {
      // Another process finished first (the target exists and is complete): use its copy.
      rmSync(partial, { recursive: true, force: true })
      if (!existsSync(join(target, '.complete'))) throw new Error(`could not extract the binary's files into ${target}`)
    }
  }
  extracted = target
  return target
}

/** The global WebAssembly object: Node has it, but the server's types (no DOM lib) declare only its types. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: ArrayBuffer): Promise<WebAssembly.Module> } })
  .WebAssembly

/** PGlite options that give it its wasm and data files from the binary; none outside it (it finds them itself). */
export async function pgliteAssets(): Promise<{
  pgliteWasmModule?: WebAssembly.Module
  initdbWasmModule?: WebAssembly.Module
  fsBundle?: Blob
}> {
  if (!isSea()) return {}
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    wasm.compile(sea.getRawAsset('pglite/pglite.wasm') as ArrayBuffer),
    wasm.compile(sea.getRawAsset('pglite/initdb.wasm') as ArrayBuffer),
  ])
  return { pgliteWasmModule, initdbWasmModule, fsBundle: sea.getAssetAsBlob('pglite/pglite.data') }
}

/** Loads a native addon that the build put among the extracted files (bundled code cannot require a .node file). */
export function loadSeaAddon(key: string): unknown {
  const module = { exports: {} as unknown }
  process.dlopen(module, join(seaProjectRoot(), key))
  return module.exports
}

/** The content hash the build writes into the manifest: same files, same folder; any change, a new one. */
export function contentHash(parts: Iterable<[string, Uint8Array]>): string {
  const hash = createHash('sha256')
  for (const [key, bytes] of parts) hash.update(key).update('\0').update(bytes).update('\0')
  return hash.digest('hex').slice(0, 16)
}
