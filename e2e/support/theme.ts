import { expect, type Page } from '@playwright/test';

export type ThemeName = 'light' | 'dark';

// The spec's own names for the two local settings (section 3), as libs/web/ui/src/theme/dark-mode-storage.ts keeps
// them; importing that module here would load React and MUI into the test runner.
const DARK_MODE_STORAGE_KEY = 'darkMode';
const THEME_STORAGE_KEY = 'theme';

/**
 * Makes every page load of `page` start in the given theme the way the app keeps it: both local settings the
 * spec names (`darkMode` and `theme`) stored before the app reads them, and the system preference to match, so
 * nothing depends on the machine's colour scheme.
 */
export async function useTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript(
    ([darkModeKey, themeKey, chosen]) => {
      localStorage.setItem(darkModeKey, String(chosen === 'dark'));
      localStorage.setItem(themeKey, chosen);
    },
    [DARK_MODE_STORAGE_KEY, THEME_STORAGE_KEY, theme] as const,
  );
}

/** The theme is applied as a class on the document root (spec section 4). */
export async function expectTheme(page: Page, theme: ThemeName): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
}

/**
 * Switches the open page to `theme` without a reload, as a choice made in another tab does: both settings stored,
 * then the `storage` event the app listens to. (A later navigation of the page starts again from `useTheme`.)
 */
export async function switchTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(
    ([darkModeKey, themeKey, chosen]) => {
      const darkMode = String(chosen === 'dark');
      localStorage.setItem(darkModeKey, darkMode);
      localStorage.setItem(themeKey, chosen);
      window.dispatchEvent(
        new StorageEvent('storage', { key: darkModeKey, newValue: darkMode, storageArea: localStorage }),
      );
    },
    [DARK_MODE_STORAGE_KEY, THEME_STORAGE_KEY, theme] as const,
  );
  await expectTheme(page, theme);
}
