import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory } from '../support/memories';

// A shared module (a MUI component the shell provides to every remote, loaded on first use) whose chunk could not be
// fetched once, as on a dropped connection: the part of the page that needs it says so, and Retry loads it once the
// connection is back, in the same page. The Module Federation runtime alone would keep the failed load for the life
// of the page (libs/web/mf-runtime, retry-failed-shared-loads.runtime-plugin.ts).

/** The file of the shell's build that holds a shared module, from the shell's Module Federation manifest. */
async function sharedChunkOf(request: APIRequestContext, module: string): Promise<string> {
  const manifest = (await (await request.get('/mf-manifest.json')).json()) as {
    shared: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  };
  const [chunk] = manifest.shared.find((shared) => shared.name === module)?.assets.js.sync ?? [];
  expect(chunk, `the shell provides ${module} in a chunk of its own`).toBeTruthy();
  return chunk;
}

test('a shared component whose chunk failed to load is fetched again on Retry, without a reload', async ({
  page,
  request,
}) => {
  const owner = await signUp(request, 'shared-retry', 'Rita Retry');
  const id = await createMemory(request, owner, { title: 'Harbour wall', date: '2026-03-03', text: 'Waves.' });
  // DialogContentText is used only inside dialogs, so nothing has loaded it before the delete dialog opens.
  const chunk = await sharedChunkOf(request, '@mui/material/DialogContentText');
  const chunkRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith(`/${chunk}`)) chunkRequests.push(sent.url());
  });
  await signInWithCookie(page, owner);
  await page.goto(`/memory/${id}`);
  const viewer = page.getByTestId('remote-viewer');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Harbour wall' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // The connection drops for that file just as the dialog is asked for.
  await page.route(`**/${chunk}`, (route) => route.abort('internetdisconnected'));
  await viewer.getByRole('button', { name: 'More Options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded' })).toBeVisible();
  expect(chunkRequests.length).toBeGreaterThan(0);

  // Back online: Retry fetches the shared chunk again and the dialog opens.
  await page.unroute(`**/${chunk}`);
  const failedRequests = chunkRequests.length;
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete memory' })).toBeVisible();
  expect(chunkRequests.length).toBeGreaterThan(failedRequests);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
