import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where each kind of suite writes its machine-readable results, relative to a project folder, and which step runs it. */
const RESULT_FILES = [
  { file: path.join('test-results', 'unit.json'), step: 'unit tests', format: 'jest' },
  { file: path.join('test-results', 'integration.json'), step: 'integration tests', format: 'jest' },
  { file: path.join('output', 'results.json'), step: 'browser tests', format: 'playwright' },
] as const;

interface Counts {
  passed: number;
  failed: number;
}

export interface TestCounts extends Counts {
  byFile: Map<string, Counts>;
  failedBySuite: Map<string, number>;
}

/** Every workspace folder named by the root package.json (`dir` or `dir/*`). */
function workspaceFolders(root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [path.join(root, pattern)];
    const parent = path.join(root, pattern.slice(0, -2));
    return existsSync(parent)
      ? readdirSync(parent, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(parent, entry.name))
      : [];
  });
}

export function testResultFiles(root: string): string[] {
  return workspaceFolders(root).flatMap((folder) => RESULT_FILES.map(({ file }) => path.join(folder, file)));
}

function readCounts(file: string, format: 'jest' | 'playwright'): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (format === 'jest') {
    // A suite that crashed before running its tests has no failed test but must still count as a failure.
    return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
  }
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

/** Sums the results that this run's suites wrote (Jest `--json` files and the Playwright JSON report). */
export function collectTestCounts(root: string): TestCounts {
  const totals: TestCounts = { passed: 0, failed: 0, byFile: new Map(), failedBySuite: new Map() };
  for (const folder of workspaceFolders(root)) {
    for (const { file, step, format } of RESULT_FILES) {
      const resultFile = path.join(folder, file);
      if (!existsSync(resultFile)) continue;
      const counts = readCounts(resultFile, format);
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.byFile.set(resultFile, counts);
      totals.failedBySuite.set(step, (totals.failedBySuite.get(step) ?? 0) + counts.failed);
    }
  }
  return totals;
}
