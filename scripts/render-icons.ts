/**
 * Renders the app icons (web/icons/*.svg) to the PNG sizes the web app manifest and iOS need, into
 * web/public/icons/. The PNGs are committed: run this only after changing an icon's SVG.
 *   npx tsx scripts/render-icons.ts
 * Chromium draws them, the same browser the tests use, so no image library is needed.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const ICONS = [
  { source: 'icon.svg', sizes: [192, 512] },
  { source: 'icon-maskable.svg', sizes: [512] },
  // iOS ignores the manifest's icons and has no transparency: a full-bleed square, it rounds the corners itself.
  { source: 'icon-maskable.svg', sizes: [180], name: 'apple-touch-icon' },
]

const iconsDir = new URL('../web/icons/', import.meta.url)
const outDir = new URL('../web/public/icons/', import.meta.url)

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
try {
  for (const { source, sizes, name } of ICONS) {
    const svg = readFileSync(new URL(source, iconsDir), 'utf8')
    for (const size of sizes) {
      const page = await browser.newPage({ viewport: { width: size, height: size } })
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
      )
      const file = `${name ?? source.replace(/\.svg$/, '')}-${size}.png`
      await page.screenshot({ path: fileURLToPath(new URL(file, outDir)), omitBackground: true })
      await page.close()
      console.log(`web/public/icons/${file}`)
    }
  }
} finally {
  await browser.close()
}
