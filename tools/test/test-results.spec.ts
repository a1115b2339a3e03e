import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectTestCounts } from './test-results';

describe('collectTestCounts', () => {
  let root: string;

  const write = (file: string, content: unknown) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), JSON.stringify(content));
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'test-results-'));
    write('package.json', { workspaces: ['services/*', 'e2e'] });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('counts every suite and names each failed Jest test, and a Jest suite that crashed before its tests', () => {
    write('services/memory/test-results/unit.json', {
      numPassedTests: 2,
      numFailedTests: 1,
      numRuntimeErrorTestSuites: 1,
      testResults: [
        {
          name: path.join(root, 'services/memory/src/list.spec.ts'),
          message: 'expect(received).toBe(expected)',
          assertionResults: [
            { fullName: 'list answers the first page', status: 'passed' },
            { fullName: 'list answers the total', status: 'failed' },
          ],
        },
        {
          name: path.join(root, 'services/memory/src/boot.spec.ts'),
          message: '\n  Cannot find module "pg"\n  at require',
          assertionResults: [],
        },
        {
          name: path.join(root, 'services/memory/src/ok.spec.ts'),
          message: '',
          assertionResults: [{ fullName: 'ok', status: 'passed' }],
        },
      ],
    });

    const counts = collectTestCounts(root);

    expect(counts).toMatchObject({ passed: 2, failed: 2 });
    expect(counts.failures).toEqual([
      'services/memory/src/list.spec.ts: list answers the total',
      'services/memory/src/boot.spec.ts: Cannot find module "pg"',
    ]);
  });

  it('names each failed and each flaky Playwright test by file and line, with why its first try failed, in nested describes, and the errors outside any test', () => {
    const spec = (title: string, line: number, status: string) => ({ title, line, tests: [{ status }] });
    write('e2e/output/results.json', {
      config: { rootDir: path.join(root, 'e2e', 'tests') },
      stats: { expected: 2, flaky: 1, unexpected: 1 },
      errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.\nmore' }],
      suites: [
        {
          file: 'remote-offline.spec.ts',
          specs: [spec('loads', 3, 'expected')],
          suites: [
            {
              file: 'remote-offline.spec.ts',
              specs: [
                spec('Retry recovers', 25, 'unexpected'),
                {
                  title: 'retried once',
                  line: 40,
                  tests: [
                    {
                      status: 'flaky',
                      results: [
                        {
                          status: 'failed',
                          error: {
                            message: '\u001b[31mError: expect(locator).toBeHidden() failed\u001b[39m\n\nLocator: …',
                            location: { file: path.join(root, 'e2e', 'tests', 'remote-offline.spec.ts'), line: 52 },
                          },
                        },
                        { status: 'passed' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { file: 'auth.spec.ts', specs: [spec('signs in', 7, 'expected')] },
      ],
    });

    const counts = collectTestCounts(root);

    expect(counts).toMatchObject({ passed: 3, failed: 1 });
    expect(counts.failures).toEqual([
      'e2e/tests/remote-offline.spec.ts:25: Retry recovers',
      'e2e/tests: Error: Timed out waiting 120000ms from config.webServer.',
    ]);
    expect(counts.flaky).toEqual([
      'e2e/tests/remote-offline.spec.ts:40: retried once ' +
        '(Error: expect(locator).toBeHidden() failed at remote-offline.spec.ts:52)',
    ]);
  });
});
