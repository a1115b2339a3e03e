import { failedTasksIn } from './failed-tasks';

describe('failedTasksIn', () => {
  const run = [
    ' NX   Running target integration for 2 projects:',
    '',
    '> nx run gateway:integration',
    '',
    'Tests:       485 passed, 485 total',
    'Test results written to: test-results/integration.json',
    '',
    '> nx run memory:integration',
    '',
    'Tests:       476 passed, 476 total',
    'Test results written to: test-results/integration.json',
    'Error: Connection terminated unexpectedly',
    '    at Connection.<anonymous> (node_modules/pg/lib/client.js:132:73)',
    '',
    ' NX   Running target integration for 2 projects failed',
    '',
    '\u001b[2mFailed tasks:\u001b[22m',
    '',
    '\u001b[2m-\u001b[22m memory:integration',
  ].join('\n');

  it('names each failed task with the last lines it printed, even in colour', () => {
    expect(failedTasksIn(run, 2)).toEqual([
      {
        task: 'memory:integration',
        lastLines: [
          'Error: Connection terminated unexpectedly',
          '    at Connection.<anonymous> (node_modules/pg/lib/client.js:132:73)',
        ],
      },
    ]);
  });

  it('finds nothing in a run that did not fail', () => {
    expect(failedTasksIn(run.slice(0, run.indexOf(' NX   Running target integration for 2 projects failed')))).toEqual(
      [],
    );
  });
});
