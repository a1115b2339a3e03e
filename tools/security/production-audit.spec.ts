import { auditProductionDependencies, readAuditOutput } from './production-audit';

describe('the production dependency audit', () => {
  it('names every high and critical advisory of a report, and ignores lower ones', () => {
    const report = {
      vulnerabilities: {
        'left-pad': { severity: 'critical' },
        lodash: { severity: 'high' },
        ms: { severity: 'moderate' },
      },
      metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 1, total: 3 } },
    };

    expect(readAuditOutput(JSON.stringify(report))).toEqual({
      answered: true,
      severe: ['left-pad (critical)', 'lodash (high)'],
    });
  });

  it('tells an unanswered audit (npm error object, or no JSON) from a clean report', () => {
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    };

    expect(readAuditOutput(JSON.stringify(refused))).toEqual({ answered: false, reason: refused.message });
    expect(readAuditOutput('')).toMatchObject({ answered: false });
    expect(
      readAuditOutput(JSON.stringify({ vulnerabilities: {}, metadata: { vulnerabilities: { high: 0, critical: 0 } } })),
    ).toEqual({
      answered: true,
      severe: [],
    });
  });

  // Where the registry answers, no production dependency may carry a high or critical advisory. The registry of
  // this network (and of CI, which runs on the same network) refuses the audit endpoint with 405: then nothing
  // could be checked, which the run says out loud instead of failing every build (docs/decisions.md, "Proof suites").
  it('finds no high or critical advisory in production dependencies (npm audit --omit=dev)', () => {
    const outcome = auditProductionDependencies();

    if (outcome.answered) {
      expect(outcome.severe).toEqual([]);
    } else {
      console.warn(
        `npm audit --omit=dev was not answered by the registry, so no advisory was checked: ${outcome.reason}`,
      );
      expect(outcome.reason.length).toBeGreaterThan(0);
    }
  }, 150_000);
});
