import type { Rule } from 'eslint'
declare const layers: { rules: { 'web-layers': Rule.RuleModule } }
export default layers
