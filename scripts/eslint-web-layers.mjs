// The web app's layers, as an ESLint rule (docs/architecture.md, "The app's layers"; docs/adr/0022-web-layers.md):
// - app/ (and the service worker) composes: it may import any module of a feature, for its lazy screens' chunks;
// - a feature never imports app/, and another feature only through that feature's index.ts, as '#features/<name>';
// - shared/ imports no feature and not app/;
// - what lies outside a feature's or shared's own folder is imported by its alias ('#shared/...', '#server/...'),
//   never by a chain of '../'.
import { relative, sep } from 'node:path'
import { PROJECT_ROOT, resolveSpecifier } from './import-specifier.mjs'

const WEB_SOURCE = `${PROJECT_ROOT}${sep}web${sep}src${sep}`
const SERVER = `${PROJECT_ROOT}${sep}server${sep}`

/** Where a file sits: 'app', 'shared', 'feature' (with its name), 'server', or 'other' (locales, styles, outside). */
function placeOf(file) {
  if (file.startsWith(SERVER)) return { layer: 'server' }
  if (!file.startsWith(WEB_SOURCE)) return { layer: 'other' }
  const [top, name] = relative(WEB_SOURCE, file).split(sep)
  if (top === 'features') return { layer: 'feature', name }
  if (top === 'shared') return { layer: 'shared' }
  if (top === 'app' || top === 'service-worker.ts') return { layer: 'app' }
  return { layer: 'other' }
}

const isIndexOf = (file, feature) => file === `${WEB_SOURCE}features${sep}${feature}${sep}index.ts`

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "The web app's layers: app composes features, features use each other through index.ts" },
    messages: {
      featureImportsApp: 'A feature never imports app/, which composes the features: move what both need to shared/.',
      sharedImportsAbove: 'shared/ is below the features and app/: it imports neither.',
      throughIndex: "Another feature is used only through its index.ts: import from '#features/{{name}}'.",
      alias: "Outside this folder, import by the alias ('{{alias}}'), not by a chain of '../'.",
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename)
    if (from.layer !== 'feature' && from.layer !== 'shared') return {}
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string') return
      const target = resolveSpecifier(context.filename, specifier)
      if (!target) return
      const to = placeOf(target)
      if (to.layer === 'app') {
        context.report({
          node: node.source,
          messageId: from.layer === 'feature' ? 'featureImportsApp' : 'sharedImportsAbove',
        })
      } else if (from.layer === 'shared' && to.layer === 'feature') {
        context.report({ node: node.source, messageId: 'sharedImportsAbove' })
      } else if (from.layer === 'feature' && to.layer === 'feature' && to.name !== from.name) {
        if (!isIndexOf(target, to.name) || !specifier.startsWith('#features/')) {
          context.report({ node: node.source, messageId: 'throughIndex', data: { name: to.name } })
        }
      } else if (
        specifier.startsWith('.') &&
        (to.layer === 'server' || (to.layer === 'shared' && from.layer !== 'shared'))
      ) {
        const alias = `#${to.layer}/${relative(to.layer === 'server' ? SERVER : `${WEB_SOURCE}shared${sep}`, target)}`
        context.report({ node: node.source, messageId: 'alias', data: { alias: alias.split(sep).join('/') } })
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export default { rules: { 'web-layers': rule } }
