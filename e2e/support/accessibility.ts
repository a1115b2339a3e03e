import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * An axe scan of the page as it is, every rule unless narrowed (`.withTags`). Legacy mode runs axe in the page itself;
 * the default opens a second page to merge results across frames of other origins, which the app has none of, and
 * that doubled each scan's time.
 */
export const axeScan = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Waits until no finite animation or transition runs (a fade in or out, a theme's colours): axe measures colours as they
 * are painted at that instant, so one taken half-way through a fade reports the contrast of no real screen. Endless
 * ones (a spinner) are not waited for.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * Runs axe with the WCAG 2 A and AA rules on the page as it is and fails with every serious or critical
 * violation listed by rule and element, so a report names what to fix.
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  await settledAnimations(page);
  const { violations } = await axeScan(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id} at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
      ),
    );
  expect(blocking, `axe on ${screen}`).toEqual([]);
}
