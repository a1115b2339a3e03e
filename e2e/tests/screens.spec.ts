import { expect, test as base, type Page } from '@playwright/test';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from '../support/accessibility';
import { generate } from 'otplib';
import { PASSWORD, authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { createLockedJournal } from '../support/locked-journals';
import { ONE_PIXEL_PNG, createMemory, shareMemory, uploadPng } from '../support/memories';
import { expectTheme, switchTheme, useTheme, type ThemeName } from '../support/theme';

// Every screen of the spec's route table (section 2) through the shell, at a desktop and a phone width, in light
// and dark: axe (WCAG 2 A and AA) finds no serious or critical violation, and one full-page screenshot of each is
// kept under e2e/output/screenshots/ (a CI artifact).

const SCREENSHOTS = path.join(__dirname, '..', 'output', 'screenshots');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  // The narrowest width the product supports (360 px).
  phone: { width: 360, height: 780 },
} as const;
const THEMES: ThemeName[] = ['light', 'dark'];

/** Users and memories made once per worker: the screens only read them. */
interface Seed {
  writer: TestUser;
  newcomer: TestUser;
  /** A user with two-factor sign-in on: the login asks for a code. */
  guarded: TestUser;
  memoryId: string;
  memoryTitle: string;
}

/** The writer's locked journal's passphrase: its unlock dialog is one of the screens. */
const LOCKED_JOURNAL = { name: 'Private', passphrase: 'violet harbour lantern' };

const test = base.extend<object, { seed: Seed }>({
  seed: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
      const writer = await signUp(request, 'screens', 'Sam Screens');
      const newcomer = await signUp(request, 'screens-empty', 'Nia Newcomer');
      const guarded = await signUp(request, 'screens-2fa', 'Gus Guarded');
      const setup = await request.post('/api/auth/two-factor/setup', {
        headers: authorised(guarded),
        data: { password: PASSWORD },
      });
      const { secret } = (await setup.json()).data as { secret: string };
      const enabled = await request.post('/api/auth/two-factor/enable', {
        headers: authorised(guarded),
        data: { code: await generate({ secret }) },
      });
      expect(enabled.ok(), await enabled.text()).toBe(true);
      const image = await uploadPng(request, writer, 'harbour.png');
      const memoryTitle = 'Harbour at dawn';
      const memoryId = await createMemory(request, writer, {
        title: memoryTitle,
        date: '2026-04-12',
        tags: ['sea', 'morning', 'boats'],
        contentJson: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Fog over the water' }] },
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'The boats came in one by one while the town was still asleep. ' },
                { type: 'text', text: 'Gulls everywhere.', marks: [{ type: 'bold' }] },
              ],
            },
            { type: 'image', attrs: { src: image, alt: 'The harbour' } },
            {
              type: 'bulletList',
              content: [
                {
                  type: 'listItem',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Coffee from the kiosk' }] }],
                },
              ],
            },
          ],
        },
      });
      // Shared with the newcomer, so the share dialog lists someone.
      await shareMemory(request, writer, memoryId, newcomer);
      await createMemory(request, writer, {
        title: 'Market notes',
        date: '2026-04-10',
        text: 'Apples, bread and a long talk with the baker.',
        tags: ['food'],
        isDraft: true,
      });
      // Three journals, so the dashboard shows its journal switcher and a card its journal's colour: one shared with
      // Gus (Settings → Journals and its members dialog list him) and one locked.
      const travel = await request.post('/api/journals', { headers: authorised(writer), data: { name: 'Travel' } });
      expect(travel.status(), await travel.text()).toBe(201);
      const travelId = ((await travel.json()).data as { id: string }).id;
      const member = await request.post(`/api/journals/${travelId}/members`, {
        headers: authorised(writer),
        data: { email: guarded.email, role: 'editor' },
      });
      expect(member.status(), await member.text()).toBe(201);
      await createLockedJournal(request, writer, LOCKED_JOURNAL.name, LOCKED_JOURNAL.passphrase);
      await createMemory(request, writer, {
        title: 'Rainy Sunday',
        date: '2026-04-05',
        text: 'Read all afternoon.',
        tags: [],
        journalId: travelId,
      });
      await request.dispose();
      await use({ writer, newcomer, guarded, memoryId, memoryTitle });
    },
    { scope: 'worker' },
  ],
});

interface Screen {
  name: string;
  /** Whose session the screen needs; public screens have none. */
  as?: 'writer' | 'newcomer';
  path: (seed: Seed) => string;
  /** Waits until the screen shows its real content (not a spinner or skeleton). */
  ready: (page: Page, seed: Seed) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'landing',
    path: () => '/',
    ready: async (page) => {
      await expect(page.getByTestId('remote-landing')).toBeVisible();
      // The contact form loads when its section nears the screen: bring it in so the screenshot has every section.
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('remote-landing').getByLabel(/^Subject/)).toBeVisible();
    },
  },
  {
    name: 'login',
    path: () => '/login',
    ready: async (page) => expect(page.getByRole('button', { name: 'Log In' }).last()).toBeVisible(),
  },
  {
    name: 'register',
    path: () => '/register',
    ready: async (page) => expect(page.getByLabel(/^Confirm password/i)).toBeVisible(),
  },
  {
    name: 'login-two-factor',
    path: () => '/login',
    ready: async (page, seed) => {
      await page.getByLabel(/^Email/).fill(seed.guarded.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByLabel(/^Authentication code/)).toBeVisible();
    },
  },
  {
    name: 'forgot-password',
    path: () => '/forgot-password',
    ready: async (page) => expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible(),
  },
  {
    name: 'reset-password',
    path: () => '/reset-password#token=screens-example-token',
    ready: async (page) => expect(page.getByLabel(/^Confirm new password/)).toBeVisible(),
  },
  {
    name: 'dashboard',
    as: 'writer',
    path: () => '/dashboard',
    ready: async (page) => {
      await expect(page.getByTestId('memory-card')).toHaveCount(3);
    },
  },
  {
    name: 'dashboard-list',
    as: 'writer',
    path: () => '/dashboard?view=list',
    ready: async (page) => {
      await expect(page.getByTestId('memory-row')).toHaveCount(3);
    },
  },
  {
    name: 'dashboard-empty',
    as: 'newcomer',
    path: () => '/dashboard',
    ready: async (page) => expect(page.getByText('No memories found')).toBeVisible(),
  },
  {
    name: 'settings-journals',
    as: 'writer',
    path: () => '/settings/journals',
    ready: async (page) => {
      await expect(page.getByTestId('journal-row')).toHaveCount(3);
      await expect(page.getByTestId('journal-row').filter({ hasText: 'Private' })).toContainText('locked');
      await expect(page.getByTestId('journal-row').filter({ hasText: 'Travel' })).toContainText('shared with 1 person');
    },
  },
  {
    name: 'journal-members-dialog',
    as: 'writer',
    path: () => '/settings/journals',
    ready: async (page, seed) => {
      await page
        .getByTestId('journal-row')
        .filter({ hasText: 'Travel' })
        .getByRole('button', { name: 'Members' })
        .click();
      await expect(page.getByRole('list', { name: 'Members' })).toContainText(seed.guarded.email);
    },
  },
  {
    name: 'new-locked-journal-dialog',
    as: 'writer',
    path: () => '/settings/journals',
    ready: async (page) => {
      await page.getByRole('button', { name: 'New journal' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'New journal' });
      await dialog.getByLabel('Lock it with a passphrase (end-to-end encrypted)').check();
      await expect(dialog.getByTestId('locked-journal-fields')).toBeVisible();
    },
  },
  {
    name: 'unlock-journal-dialog',
    as: 'writer',
    path: () => '/settings/journals',
    ready: async (page) => {
      await page
        .getByTestId('journal-row')
        .filter({ hasText: 'Private' })
        .getByRole('button', { name: 'Unlock' })
        .click();
      await expect(
        page.getByRole('alertdialog', { name: `Unlock “${LOCKED_JOURNAL.name}”` }).getByLabel('Passphrase'),
      ).toBeVisible();
    },
  },
  {
    name: 'profile',
    as: 'writer',
    path: () => '/profile',
    ready: async (page) => {
      await expect(page.getByTestId('profile-counts')).toBeVisible();
      await expect(page.getByTestId('profile-memory')).toHaveCount(2);
    },
  },
  {
    name: 'memory-create',
    as: 'writer',
    path: () => '/memory/create',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
    },
  },
  {
    name: 'memory-create-prompt',
    as: 'writer',
    path: () => `/memory/create?prompt=${encodeURIComponent('What made you smile today?')}`,
    ready: async (page) => {
      const content = page.getByRole('textbox', { name: 'Content' });
      await expect(content.getByRole('heading', { name: 'What made you smile today?' })).toBeVisible();
      await page.getByRole('button', { name: 'Need a prompt?' }).click();
      await expect(page.getByRole('region', { name: 'Writing prompt' }).getByTestId('prompt-text')).not.toHaveText(
        /^(Finding a prompt…)?$/,
      );
    },
  },
  {
    name: 'memory-template',
    as: 'writer',
    path: () => '/memory/template',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Your template' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Template' })).toBeVisible();
    },
  },
  {
    name: 'memory-edit',
    as: 'writer',
    path: (seed) => `/memory/edit/${seed.memoryId}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Memory' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Gulls everywhere.');
    },
  },
  {
    name: 'memory-view',
    as: 'writer',
    path: (seed) => `/memory/${seed.memoryId}`,
    ready: async (page, seed) => {
      await expect(
        page.getByTestId('remote-viewer').getByRole('heading', { level: 1, name: seed.memoryTitle }),
      ).toBeVisible();
      await expect(page.getByTestId('remote-viewer').getByText('Attachments (1)')).toBeVisible();
    },
  },
  {
    name: 'share-dialog',
    as: 'writer',
    path: (seed) => `/memory/${seed.memoryId}`,
    ready: async (page) => {
      await page.getByTestId('remote-viewer').getByRole('button', { name: 'More Options' }).click();
      await page.getByRole('menuitem', { name: 'Share' }).click();
      await expect(page.getByRole('list', { name: 'Shared with' })).toContainText('Nia Newcomer');
    },
  },
  {
    name: 'delete-memory-dialog',
    as: 'writer',
    path: (seed) => `/memory/${seed.memoryId}`,
    ready: async (page) => {
      await page.getByTestId('remote-viewer').getByRole('button', { name: 'More Options' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(
        page.getByRole('alertdialog', { name: 'Delete memory' }).getByRole('button', { name: 'Cancel' }),
      ).toBeFocused();
    },
  },
  {
    name: 'dashboard-filters-open',
    as: 'writer',
    path: () => '/dashboard?type=drafts',
    ready: async (page) => {
      await expect(page.getByTestId('memory-card')).toHaveCount(1);
      // On a phone the panel starts closed: open it, so both widths show every filter.
      if ((page.viewportSize()?.width ?? 0) < 600)
        await page.getByRole('button', { name: 'Filters (1 active)' }).click();
      await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible();
    },
  },
  {
    name: 'settings-account',
    as: 'writer',
    path: () => '/settings/account',
    ready: async (page) => {
      await expect(page.getByTestId('remote-settings').getByLabel(/^First name/)).toHaveValue('Sam');
      await expect(page.getByTestId('remote-settings').getByRole('button', { name: 'Add a picture' })).toBeVisible();
    },
  },
  {
    name: 'avatar-crop-dialog',
    as: 'writer',
    path: () => '/settings/account',
    ready: async (page) => {
      await page
        .getByTestId('profile-picture-input')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
      await expect(
        page.getByRole('dialog', { name: 'Crop your picture' }).getByRole('button', { name: 'Use this picture' }),
      ).toBeEnabled();
    },
  },
  {
    name: 'delete-account-dialog',
    as: 'writer',
    path: () => '/settings/account',
    ready: async (page) => {
      await page.getByTestId('remote-settings').getByRole('button', { name: 'Delete account...' }).click();
      await expect(page.getByTestId('delete-account-memories')).toHaveText(
        'Your 3 memories, with their pictures, drafts included',
      );
    },
  },
  {
    name: 'settings-security',
    as: 'writer',
    path: () => '/settings/security',
    ready: async (page) => {
      const settings = page.getByTestId('remote-settings');
      await expect(settings.getByLabel(/^Confirm new password/)).toBeVisible();
      await expect(settings.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
      await expect(settings.getByText('You have no passkeys yet.')).toBeVisible();
    },
  },
  {
    name: 'settings-sessions',
    as: 'writer',
    path: () => '/settings/sessions',
    ready: async (page) => {
      await expect(
        page.getByTestId('remote-settings').getByTestId('session').filter({ hasText: 'This device' }),
      ).toBeVisible();
    },
  },
  {
    name: 'settings-data',
    as: 'writer',
    path: () => '/settings/data',
    ready: async (page) => {
      const settings = page.getByTestId('remote-settings');
      await expect(settings.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
      await expect(settings.getByRole('button', { name: 'Export my data' })).toBeVisible();
      await expect(settings.getByRole('button', { name: 'Choose a ZIP to import' })).toBeVisible();
    },
  },
  {
    name: 'settings-reminders',
    as: 'writer',
    path: () => '/settings/reminders',
    ready: async (page) => {
      const settings = page.getByTestId('remote-settings');
      await expect(settings.getByLabel('Remind me to write')).not.toBeChecked();
      await expect(settings.getByRole('button', { name: 'Save reminders' })).toBeVisible();
    },
  },
  {
    name: 'settings-developer',
    as: 'writer',
    path: () => '/settings/developer',
    ready: async (page) => {
      const settings = page.getByTestId('remote-settings');
      await expect(settings.getByRole('form', { name: 'New token' }).getByLabel('Token name')).toBeVisible();
      await expect(settings.getByRole('form', { name: 'New webhook' }).getByLabel('Address (URL)')).toBeVisible();
    },
  },
  {
    name: 'settings-prompts',
    as: 'writer',
    path: () => '/settings/prompts',
    ready: async (page) => {
      const settings = page.getByTestId('remote-settings');
      await expect(settings.getByTestId('template-status')).toBeVisible();
      await expect(
        settings.getByText('You have no prompts of your own yet; the built-in ones are used.'),
      ).toBeVisible();
    },
  },
  {
    name: 'unsubscribe-reminders',
    path: () => '/reminders/unsubscribe?token=screens-example-token',
    ready: async (page) => expect(page.getByRole('button', { name: 'Stop reminder e-mails' })).toBeVisible(),
  },
  {
    name: 'not-found',
    path: () => '/no-such-page',
    ready: async (page) => expect(page.getByText('Unexpected Application Error!')).toBeVisible(),
  },
];

/** Waits for images and web fonts so the screenshot and axe's colour checks see the finished screen. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        // An image fires load or error, never loadend: waiting for that hung the test whenever one was still loading.
        image.complete
          ? undefined
          : new Promise((done) => {
              image.addEventListener('load', done, { once: true });
              image.addEventListener('error', done, { once: true });
            }),
      ),
    );
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`screens at ${viewportName} size`, () => {
    test.use({ viewport });
    for (const screen of SCREENS) {
      test(`${screen.name}: light and dark, no serious axe violation, screenshots kept`, async ({ page, seed }) => {
        // Loaded once in light mode, then switched to dark in place the way the app follows a stored choice.
        await useTheme(page, 'light');
        if (screen.as) await signInWithCookie(page, seed[screen.as]);
        await page.goto(screen.path(seed));
        await screen.ready(page, seed);

        for (const theme of THEMES) {
          if (theme !== 'light') await switchTheme(page, theme);
          await expectTheme(page, theme);
          await settle(page);
          await page.screenshot({
            path: path.join(SCREENSHOTS, `${screen.name}-${viewportName}-${theme}.png`),
            fullPage: true,
            animations: 'disabled',
          });
          await expectNoSeriousAxeViolations(page, `${screen.name} (${viewportName}, ${theme})`);
        }
      });
    }
  });
}
