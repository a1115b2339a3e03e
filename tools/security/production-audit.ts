import { spawnSync } from 'node:child_process';
import path from 'node:path';

const SEVERE = ['high', 'critical'] as const;

/** What `npm audit --omit=dev --json` told us: the registry's verdict, or that the registry gave none. */
export type AuditOutcome = { answered: true; severe: string[] } | { answered: false; reason: string };

interface AuditReport {
  vulnerabilities?: Record<string, { severity?: string; via?: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  error?: { summary?: string };
}

/**
 * Reads npm's JSON audit output. A report has `metadata.vulnerabilities`; anything else (npm's error object when
 * the audit endpoint is unreachable or refuses the request, or no JSON at all) means nothing was checked.
 */
export function readAuditOutput(stdout: string): AuditOutcome {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { answered: false, reason: `npm audit printed no JSON report: ${stdout.slice(0, 200) || '(nothing)'}` };
  }
  if (!report.metadata?.vulnerabilities) {
    return { answered: false, reason: report.message ?? report.error?.summary ?? 'npm audit printed no report' };
  }
  const severe = Object.entries(report.vulnerabilities ?? {})
    .filter(([, advisory]) => SEVERE.includes(advisory.severity as (typeof SEVERE)[number]))
    .map(([name, advisory]) => `${name} (${advisory.severity})`)
    .sort();
  return { answered: true, severe };
}

/** Runs the production-dependency audit of the whole workspace against the configured registry. */
export function auditProductionDependencies(workspaceRoot = path.resolve(__dirname, '..', '..')): AuditOutcome {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: workspaceRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.error) return { answered: false, reason: result.error.message };
  return readAuditOutput(result.stdout);
}
