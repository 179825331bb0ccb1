// tap starts every test file with this (package.json, "tap"."node-arg"). A TypeScript file gets tsx; a bundled one
// (.cache/tests, see scripts/build-tests.ts) is plain JavaScript and starts without tsx's ~0.5 s of loader set-up.
if (process.argv[1]?.endsWith('.ts')) await import('tsx')
