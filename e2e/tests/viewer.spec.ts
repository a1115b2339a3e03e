import AxeBuilder from '@axe-core/playwright';
import { CLIENT_HEADER } from '@memories/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The memory view (spec section 2 "Memory view", sections 6 and 8) against the real embedded server: users and
// memories are created through the API (its own request context, so the browser starts signed out), then each
// user signs in and opens the memory in the browser.

const PASSWORD = 'correct-horse-1';
const headers = { [CLIENT_HEADER.name]: CLIENT_HEADER.value };

interface User {
  id: string;
  email: string;
  token: string;
}

async function signUp(request: APIRequestContext, role: string): Promise<User> {
  const email = `e2e-view-${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post('/api/auth/register', { headers, data: { name: 'Vera Viewer', email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', { headers, data: { email, password: PASSWORD, rememberMe: false } });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken, user } = (await login.json()).data as { accessToken: string; user: { id: string } };
  return { id: user.id, email, token: accessToken };
}

async function createMemory(request: APIRequestContext, owner: User, title: string, isDraft: boolean): Promise<string> {
  const response = await request.post('/api/memories/memory', {
    headers: { ...headers, Authorization: `Bearer ${owner.token}` },
    data: {
      title,
      date: '2026-07-04',
      contentJson: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We swam ' }, { type: 'text', text: 'all afternoon', marks: [{ type: 'bold' }] }] }],
      }),
      tags: ['summer', 'lake'],
      isDraft,
      thumbnailUrl: '',
      sharedWith: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.id as string;
}

async function share(request: APIRequestContext, owner: User, memoryId: string, recipient: User): Promise<void> {
  const response = await request.post(`/api/memories/memory/${memoryId}/share`, {
    headers: { ...headers, Authorization: `Bearer ${owner.token}` },
    data: { userIds: [recipient.id] },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function logIn(page: Page, user: User): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const viewer = (page: Page) => page.getByTestId('remote-viewer');

test.describe('memory view', () => {
  test('the owner sees the whole memory with Publish, Edit and Delete; Share, Print and Download only announce themselves', async ({ page, request }) => {
    const owner = await signUp(request, 'owner');
    const id = await createMemory(request, owner, 'Lake day', true);
    await logIn(page, owner);

    await page.goto(`/memory/${id}`);
    await expect(viewer(page).getByRole('heading', { level: 1, name: 'Lake day' })).toBeVisible();
    await expect(viewer(page)).toContainText(`By ${owner.email}`);
    await expect(viewer(page)).toContainText('2 tags');
    await expect(viewer(page)).toContainText('Draft');
    await expect(viewer(page).getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['summer', 'lake']);
    await expect(viewer(page).locator('strong')).toHaveText('all afternoon');
    await expect(viewer(page)).toContainText('min read');
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Edit' })).toBeVisible();

    for (const action of ['Share', 'Print', 'Download']) {
      await viewer(page).getByRole('button', { name: 'More Options' }).click();
      await page.getByRole('menuitem', { name: action }).click();
      const dialog = page.getByRole('dialog', { name: 'Under Construction' });
      await expect(dialog).toContainText(`${action} functionality is currently under development.`);
      await dialog.getByRole('button', { name: 'Got it' }).click();
      await expect(dialog).toBeHidden();
    }

    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(serious.map(({ id: rule, nodes }) => `${rule}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    await viewer(page).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/memory/edit/${id}$`));
  });

  test('the owner publishes a draft from the view; it reloads as published and offers "Refresh View"', async ({ page, request }) => {
    const owner = await signUp(request, 'publisher');
    const id = await createMemory(request, owner, 'Draft to publish', true);
    await logIn(page, owner);
    await page.goto(`/memory/${id}`);

    await viewer(page).getByRole('button', { name: 'Publish' }).click();

    await expect(viewer(page).getByRole('status').filter({ hasText: 'Memory published successfully' })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Refresh View' })).toBeVisible();
    await expect(viewer(page).getByText('Published', { exact: true })).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    const stored = await request.get(`/api/memories/memory/${id}`, { headers: { ...headers, Authorization: `Bearer ${owner.token}` } });
    expect((await stored.json()).data.isDraft).toBe(false);
  });

  test('the owner deletes after confirming; the notice shows and the dashboard follows', async ({ page, request }) => {
    const owner = await signUp(request, 'deleter');
    const id = await createMemory(request, owner, 'Gone soon', false);
    await logIn(page, owner);
    await page.goto(`/memory/${id}`);

    const confirmed: string[] = [];
    page.once('dialog', (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    await viewer(page).getByRole('button', { name: 'More Options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();

    await expect(page.getByText('Memory deleted successfully')).toBeVisible();
    expect(confirmed).toEqual(['Are you sure you want to delete "Gone soon"? This action cannot be undone.']);
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await request.get(`/api/memories/memory/${id}`, { headers: { ...headers, Authorization: `Bearer ${owner.token}` } });
    expect(stored.status()).toBe(404);
  });

  test('a share recipient reads the memory without Publish, Edit or Delete', async ({ page, request }) => {
    const owner = await signUp(request, 'sharer');
    const recipient = await signUp(request, 'recipient');
    const id = await createMemory(request, owner, 'Shared lake day', false);
    await share(request, owner, id, recipient);
    await logIn(page, recipient);

    await page.goto(`/memory/${id}`);
    await expect(viewer(page).getByRole('heading', { level: 1, name: 'Shared lake day' })).toBeVisible();
    await expect(viewer(page)).toContainText(`By ${owner.email}`);
    await expect(viewer(page).getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(viewer(page).getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await viewer(page).getByRole('button', { name: 'More Options' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Share', 'Print', 'Download']);
  });

  test('a stranger gets the error modal and a way back to the dashboard', async ({ page, request }) => {
    const owner = await signUp(request, 'private');
    const stranger = await signUp(request, 'stranger');
    const id = await createMemory(request, owner, 'Private lake day', false);
    await logIn(page, stranger);

    await page.goto(`/memory/${id}`);
    const dialog = page.getByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Private lake day')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await viewer(page).getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
