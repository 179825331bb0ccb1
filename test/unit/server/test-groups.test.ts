import t from 'tap'
import { filesAlone, testGroups, type TestSource } from '../../../scripts/test-groups.ts'

const source = (path: string, bytes = 1000): TestSource => ({ path, bytes })

t.test('every test file runs once: in one group of its tier, or alone', async (t) => {
  const sources = [
    ...Array.from({ length: 33 }, (_, i) => source(`server/s${i}.test.ts`, 100 + i * 37)),
    ...Array.from({ length: 9 }, (_, i) => source(`e2e/b${i}.test.ts`, 500 + i)),
    ...Array.from({ length: 41 }, (_, i) => source(`unit/u${i}.test.ts`)),
    source('component/c.test.ts'),
    source('built/binary.test.ts'),
  ]
  const groups = testGroups(sources)
  const placed = [...groups.flatMap((group) => group.files), ...filesAlone(sources)]
  t.same([...placed].sort(), sources.map(({ path }) => path).sort(), 'each file exactly once')
  t.same(filesAlone(sources), ['built/binary.test.ts'], 'the built artefacts’ files alone')
  for (const group of groups) {
    const tier = group.name.split('/')[0]
    t.ok(
      group.files.every((file) => file.startsWith(`${tier}/`)),
      `${group.name} holds files of its own tier`,
    )
  }
  t.same(
    groups.map((group) => group.name),
    [
      'server/group-01',
      'server/group-02',
      'server/group-03',
      'e2e/group-01',
      'e2e/group-02',
      'e2e/group-03',
      'unit/group-01',
      'unit/group-02',
      'component/group-01',
    ],
    'as many groups as a tier needs at its size',
  )
})

t.test('a tier’s groups are balanced by size and the same on every build', async (t) => {
  const sources = [
    source('server/a.test.ts', 9000),
    ...Array.from({ length: 20 }, (_, i) => source(`server/small${i}.test.ts`, 450)),
  ]
  const groups = testGroups(sources)
  const bytes = groups.map((group) =>
    group.files.reduce((sum, file) => sum + (sources.find(({ path }) => path === file)?.bytes ?? 0), 0),
  )
  t.same(bytes, [9000, 9000], 'the large file alone in one group, the small ones together in the other')
  t.same(testGroups([...sources].reverse()), groups, 'the order files are found in changes nothing')
  t.ok(
    groups.every((group) => group.files.join() === [...group.files].sort().join()),
    'a group runs its files in path order',
  )
})
