import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * Where each kind of suite writes its machine-readable results, relative to a project folder, and which step runs it.
 */
const RESULT_FILES = [
  { file: path.join('test-results', 'unit.json'), step: 'unit tests', format: 'jest' },
  { file: path.join('test-results', 'integration.json'), step: 'integration tests', format: 'jest' },
  { file: path.join('test-results', 'resilience.json'), step: 'integration tests', format: 'jest' },
  { file: path.join('output', 'results.json'), step: 'browser tests', format: 'playwright' },
] as const;

interface Counts {
  passed: number;
  failed: number;
}

export interface TestCounts extends Counts {
  byFile: Map<string, Counts>;
  failedBySuite: Map<string, number>;
  /** One line per failed test or suite-level error, so the end of a CI log names what broke. */
  failures: string[];
  /** Browser tests that failed and then passed on their retry: counted as passed, named so they get fixed. */
  flaky: string[];
}

/** Every workspace folder named by the root package.json (`dir` or `dir/*`). */
function workspaceFolders(root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [path.join(root, pattern)];
    const parent = path.join(root, pattern.slice(0, -2));
    return existsSync(parent)
      ? readdirSync(parent, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(parent, entry.name))
      : [];
  });
}

export function testResultFiles(root: string): string[] {
  return workspaceFolders(root).flatMap((folder) => RESULT_FILES.map(({ file }) => path.join(folder, file)));
}

interface SuiteResults extends Counts {
  failures: string[];
  flaky: string[];
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  testResults: { name: string; message: string; assertionResults: { fullName: string; status: string }[] }[];
}

interface PlaywrightAttempt {
  status: string;
  error?: { message?: string; location?: { file: string; line: number } };
}

interface PlaywrightSuite {
  file: string;
  specs: { title: string; line: number; tests: { status: string; results?: PlaywrightAttempt[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  /** `rootDir` is the test folder that each suite's `file` is relative to. */
  config: { rootDir: string };
  stats: { expected: number; flaky: number; unexpected: number };
  errors: { message?: string }[];
  suites: PlaywrightSuite[];
}

const firstLine = (text: string) => stripVTControlCharacters(text).trim().split('\n')[0] ?? '';

/**
 * Why the first attempt that failed did (its error's first line and where it was thrown), so that a summary names
 * the cause of a failed or flaky browser test, which a CI log cut short would otherwise lose.
 */
function firstFailure(attempts: PlaywrightAttempt[] = []): string {
  const error = attempts.find((attempt) => attempt.status !== 'passed' && attempt.status !== 'skipped')?.error;
  if (!error?.message) return '';
  const where = error.location ? ` at ${path.basename(error.location.file)}:${error.location.line}` : '';
  return ` (${firstLine(error.message)}${where})`;
}

function readJestResults(root: string, report: JestReport): SuiteResults {
  const failures = report.testResults.flatMap((suite) => {
    const file = path.relative(root, suite.name);
    const failedTests = suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${file}: ${test.fullName}`);
    // A suite that crashed before running its tests reports only its message.
    return failedTests.length === 0 && suite.message ? [`${file}: ${firstLine(suite.message)}`] : failedTests;
  });
  // A suite that crashed before running its tests has no failed test but must still count as a failure.
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    failures,
    flaky: [],
  };
}

function readPlaywrightResults(root: string, report: PlaywrightReport): SuiteResults {
  const testFile = (suite: PlaywrightSuite) => path.relative(root, path.join(report.config.rootDir, suite.file));
  const specsWithStatus = (suite: PlaywrightSuite, status: string): string[] => [
    ...suite.specs.flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === status)
        .slice(0, 1)
        .map((test) => `${testFile(suite)}:${spec.line}: ${spec.title}${firstFailure(test.results)}`),
    ),
    ...(suite.suites ?? []).flatMap((child) => specsWithStatus(child, status)),
  ];
  const failedTests = report.suites.flatMap((suite) => specsWithStatus(suite, 'unexpected'));
  // Errors outside any test (a web server that did not start, a crashed worker) are reported beside the tests.
  const failures = [
    ...failedTests,
    ...report.errors.map(
      (error) => `${path.relative(root, report.config.rootDir)}: ${firstLine(error.message ?? 'unknown error')}`,
    ),
  ];
  const flaky = report.suites.flatMap((suite) => specsWithStatus(suite, 'flaky'));
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures, flaky };
}

/** Sums the results that this run's suites wrote (Jest `--json` files and the Playwright JSON report). */
export function collectTestCounts(root: string): TestCounts {
  const totals: TestCounts = {
    passed: 0,
    failed: 0,
    byFile: new Map(),
    failedBySuite: new Map(),
    failures: [],
    flaky: [],
  };
  for (const folder of workspaceFolders(root)) {
    for (const { file, step, format } of RESULT_FILES) {
      const resultFile = path.join(folder, file);
      if (!existsSync(resultFile)) continue;
      const report = JSON.parse(readFileSync(resultFile, 'utf8'));
      const results = format === 'jest' ? readJestResults(root, report) : readPlaywrightResults(root, report);
      const counts = { passed: results.passed, failed: results.failed };
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.failures.push(...results.failures);
      totals.flaky.push(...results.flaky);
      totals.byFile.set(resultFile, counts);
      totals.failedBySuite.set(step, (totals.failedBySuite.get(step) ?? 0) + counts.failed);
    }
  }
  return totals;
}
