import type { Page } from '@playwright/test';

export interface CspViolationWatch {
  /** `<directive> blocked <uri>` for each `securitypolicyviolation` event of any page load. */
  readonly violations: string[];
}

const REPORT_BINDING = '__memoriesReportCspViolation';

/**
 * Records every Content-Security-Policy violation the browser reports on `page` (the `securitypolicyviolation`
 * event, fired for blocked scripts, styles, images, connections and frames alike); call before the first navigation.
 */
export async function watchCspViolations(page: Page): Promise<CspViolationWatch> {
  const violations: string[] = [];
  await page.exposeBinding(REPORT_BINDING, (_source, description: string) => {
    violations.push(description);
  });
  await page.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (description: string) => void>)[binding];
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  }, REPORT_BINDING);
  return { violations };
}
