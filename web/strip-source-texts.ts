import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * The English source texts and translator comments of the message descriptors, left out of the built app: at run
 * time a text is looked up by its id in the loaded catalog (src/shared/i18n/catalog-loader.ts), whose English is the
 * same text, so the code carried every English text a second time, in every language (about 8 KB gzip of the first
 * screen). Lingui's own macros do the same in production builds. Removed: `message` and `comment` of an object with
 * an `id` marked `/*i18n*\/` (the descriptors of the `*-catalog.ts` files and inline ones), and the same attributes of
 * `<Trans id=...>`. The source keeps them for `lingui extract` and the catalogs test; the dev server keeps them too.
 */
export function stripSourceTexts(): Plugin {
  return {
    name: 'pyoraapu-strip-source-texts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/web\/src\/.*\.tsx?$/.test(id) || (!code.includes('/*i18n*/') && !code.includes('<Trans'))) return null
      const stripped = withoutSourceTexts(code, id.endsWith('.tsx'))
      return stripped === code ? null : { code: stripped, map: null }
    },
  }
}

const STRIPPED = new Set(['message', 'comment'])

/** An object literal marked for `lingui extract` with a leading `/*i18n*\/`, with a literal `id`. */
function isDescriptor(node: ts.ObjectLiteralExpression, source: ts.SourceFile): boolean {
  const marked = source.text.slice(node.pos, node.getStart(source)).includes('/*i18n*/')
  return (
    marked &&
    node.properties.some(
      (p) => ts.isPropertyAssignment(p) && nameOf(p.name) === 'id' && ts.isStringLiteralLike(p.initializer),
    )
  )
}

const nameOf = (name: ts.Node): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined

/** `code` without the source texts and comments of its descriptors; exported for test/unit/web/strip-source-texts.test.ts. */
export function withoutSourceTexts(code: string, tsx: boolean): string {
  const source = ts.createSourceFile(
    'source',
    code,
    ts.ScriptTarget.Latest,
    true,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const cuts: Array<[number, number]> = []
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && isDescriptor(node, source)) {
      const properties = node.properties
      properties.forEach((property, index) => {
        if (!ts.isPropertyAssignment(property) || !STRIPPED.has(nameOf(property.name) ?? '')) return
        // The property and its comma: up to the next property, or past the comma that may end the last one.
        const next = properties[index + 1]
        const end = next
          ? next.getStart(source)
          : (/^\s*,/.exec(code.slice(property.end))?.[0].length ?? 0) + property.end
        cuts.push([property.getStart(source), end])
      })
    }
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      node.tagName.getText(source) === 'Trans'
    ) {
      for (const attribute of node.attributes.properties) {
        if (ts.isJsxAttribute(attribute) && STRIPPED.has(attribute.name.getText(source))) {
          cuts.push([attribute.getStart(source), attribute.end])
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  let result = code
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) result = result.slice(0, start) + result.slice(end)
  return result
}
