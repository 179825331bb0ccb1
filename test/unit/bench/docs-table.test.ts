import t from 'tap'
import { latestRunsBlock, withLatestRuns, type RunResults } from '../../../bench/lib/docs-table.ts'

// The docs' table of the latest runs comes from the result files alone (bench/lib/docs-table.ts).

const RUN: RunResults = {
  date: '2026-11-29T23:40:12.000Z',
  quick: true,
  busy: false,
  wallSeconds: 371.4,
  machine: {
    cpuCount: 2,
    cpuModel: 'AMD EPYC',
    memoryGb: 24,
    node: 'v20.20.2',
    postgresql: '15.20',
    loadAverage: '1.00 2.00 3.00',
  },
  benches: [
    {
      name: 'request-cost',
      seconds: 61.2,
      loadBefore: '1.00 2.00 3.00',
      loadAfter: '2.50 2.00 3.00',
      rows: [
        {
          group: 'request cost',
          name: 'GET /healthz',
          value: 30_100,
          unit: 'req/s',
          baseline: 35_000,
          ratio: 0.86,
          target: '≥ 0.8×',
          met: true,
          note: 'wrk -c32, 3 rounds',
        },
      ],
    },
  ],
}

t.test(
  'a run becomes its section: date, mode, machine, each bench with its load, the rows with verdicts',
  async (t) => {
    const block = latestRunsBlock({ quiet: RUN })
    t.match(block, '### Quiet: 2026-11-29 23:40 UTC')
    t.match(block, '`npm run bench -- --quick`, 371 s. 2 CPUs (AMD EPYC), 24 GB, Node v20.20.2, PostgreSQL 15.20')
    t.match(block, '- request-cost: 61 s, load 1.00 2.00 3.00 → 2.50 2.00 3.00')
    t.match(
      block,
      /\| request cost \| GET \/healthz \[1\] \| 30 100 req\/s \| 35 000 req\/s \| 0\.86× \| ≥ 0\.8× \| yes \|/,
    )
    t.match(block, '[1] wrk -c32, 3 rounds')
    t.match(block, 'No `--busy` run recorded.', 'a missing busy run is said, not left out silently')
  },
)

t.test('only the block between the markers is replaced, and its absence is an error', async (t) => {
  const before = latestRunsBlock({})
  const document = `# Performance\n\nintro\n\n${before}\n\n## Later\n\ntext\n`
  const after = withLatestRuns(document, latestRunsBlock({ quiet: RUN }))
  t.ok(after.startsWith('# Performance\n\nintro\n\n'), 'what comes before stays')
  t.ok(after.endsWith('\n\n## Later\n\ntext\n'), 'what comes after stays')
  t.match(after, '### Quiet: 2026-11-29')
  t.equal(withLatestRuns(after, before), document, 'written again, it is the same document')
  t.throws(() => withLatestRuns('# Performance\n', before), /lacks the markers/)
})
