import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authorised, signInWithCookie, signUp, type TestUser } from '../support/accounts';
import { watchCspViolations } from '../support/csp-violations';
import { createMemory } from '../support/memories';

// Response headers of the embedded server (ARCHITECTURE "Security": a Content-Security-Policy without
// 'unsafe-inline' scripts, nosniff, no framing, a referrer policy) on every kind of answer, the same policy in the
// nginx static servers of the compose and Kubernetes deployments, and the app working under it: no screen makes
// the browser report a CSP violation.

const NGINX_SECURITY_HEADERS = path.join(__dirname, '..', '..', 'tools', 'deploy', 'nginx', 'security-headers.conf');
/** Referrer policies that never send a path or query to another origin. */
const SAFE_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** `script-src 'self'; object-src 'none'` → { 'script-src': ["'self'"], 'object-src': ["'none'"] } */
function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function expectHardenedHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  const csp = headers['content-security-policy'];
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  const directives = parseCsp(csp);
  // Without script-src the browser falls back to default-src for scripts.
  const scriptSources = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSources, `${what}: script-src or default-src`).toBeDefined();
  expect(scriptSources, `${what}: script sources`).not.toContain("'unsafe-inline'");
  expect(scriptSources, `${what}: script sources`).not.toContain("'unsafe-eval'");
  expect(
    scriptSources?.filter((source) => source === '*' || /^(data|blob|http|https):$/.test(source)),
    `${what}: script sources`,
  ).toEqual([]);
  expect(directives.get('object-src') ?? directives.get('default-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${what}: base-uri`).toBeDefined();
  const framingDenied =
    directives.get('frame-ancestors')?.join(' ') === "'none'" || headers['x-frame-options']?.toUpperCase() === 'DENY';
  expect(framingDenied, `${what}: frame-ancestors 'none' or X-Frame-Options DENY`).toBe(true);
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(SAFE_REFERRER_POLICIES, `${what}: Referrer-Policy ${headers['referrer-policy']}`).toContain(
    headers['referrer-policy'],
  );
}

/** `add_header Name "value" always;` lines of an nginx snippet, by lower-case name. */
function nginxHeaders(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const match = /^\s*add_header\s+([A-Za-z-]+)\s+"([^"]*)"\s+always;\s*$/.exec(line);
    if (match) headers.set(match[1].toLowerCase(), match[2]);
  }
  return headers;
}

test.describe('security headers', () => {
  test("every kind of answer carries them: the app, a deep link, a remote's files, the remote list, API answers", async ({
    request,
  }) => {
    const list = await request.get('/remotes.json');
    expect(list.ok()).toBe(true);
    const { remotes } = (await list.json()) as { remotes: { name: string; entry: string }[] };
    const manifestUrl = remotes.find((remote) => remote.name === 'viewer')?.entry ?? '';
    const manifest = await request.get(manifestUrl);
    expect(manifest.ok(), manifestUrl).toBe(true);
    const { metaData } = (await manifest.json()) as { metaData: { remoteEntry: { name: string; path: string } } };
    const remoteEntryUrl = new URL(
      path.posix.join(metaData.remoteEntry.path, metaData.remoteEntry.name),
      new URL(manifestUrl, 'http://origin'),
    ).pathname;
    const signedOut = await request.get('/api/memories/my');
    expect(signedOut.status()).toBe(401);

    const answers: [string, APIResponse][] = [
      ['/', await request.get('/')],
      ['/memory/create (a client-side route)', await request.get('/memory/create')],
      ['/remotes.json', list],
      [manifestUrl, manifest],
      [remoteEntryUrl, await request.get(remoteEntryUrl)],
      ['/api/health', await request.get('/api/health')],
      ['/api/memories/my without a token (401)', signedOut],
      ['/no-such-file.js (404)', await request.get('/no-such-file.js')],
    ];
    for (const [what, response] of answers) {
      expect(response.status(), what).toBeLessThan(500);
      expectHardenedHeaders(response, what);
    }
    const remoteEntry = answers[4][1];
    expect(remoteEntry.ok(), remoteEntryUrl).toBe(true);
    expect(remoteEntry.headers()['content-type']).toMatch(/javascript/);
  });

  test('the nginx static servers (compose, Kubernetes) send the same policy as the embedded server', async ({
    request,
  }) => {
    const served = (await request.get('/')).headers();
    const nginx = nginxHeaders(NGINX_SECURITY_HEADERS);

    expect(nginx.get('content-security-policy')).toBe(served['content-security-policy']);
    expect(nginx.get('x-frame-options')).toBe(served['x-frame-options']);
    expect(nginx.get('x-content-type-options')).toBe(served['x-content-type-options']);
    expect(nginx.get('referrer-policy')).toBe(served['referrer-policy']);
  });
});

test.describe('the app under its Content-Security-Policy', () => {
  let owner: TestUser;
  let memoryId: string;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
    owner = await signUp(request, 'csp', 'Cy Policy');
    memoryId = await createMemory(request, owner, {
      title: 'Styled day',
      date: '2026-05-05',
      tags: ['colour'],
      contentJson: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { textAlign: 'center' },
            content: [
              {
                type: 'text',
                text: 'Red words',
                marks: [
                  { type: 'textStyle', attrs: { color: '#dc2626', fontFamily: 'Georgia' } },
                  { type: 'highlight', attrs: { color: '#fde68a' } },
                ],
              },
            ],
          },
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [
                  { type: 'tableHeader', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cell' }] }] },
                ],
              },
            ],
          },
        ],
      },
    });
    expect((await request.get(`/api/memories/memory/${memoryId}`, { headers: authorised(owner) })).ok()).toBe(true);
    await request.dispose();
  });

  async function visit(page: Page, url: string, ready: () => Promise<void>): Promise<void> {
    await page.goto(url);
    await ready();
    await page.waitForLoadState('networkidle');
  }

  test('no screen reports a violation, public or signed in, including the editor at work', async ({ page }) => {
    // Every screen of the app, public and signed in, one after the other.
    test.slow();
    const watch = await watchCspViolations(page);

    await visit(page, '/', async () => {
      await expect(page.getByTestId('remote-landing')).toBeVisible();
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('remote-landing').getByLabel(/^Subject/)).toBeVisible();
    });
    await visit(page, '/register', () => expect(page.getByLabel(/first name/i)).toBeVisible());
    await visit(page, '/login', () => expect(page.getByLabel(/^Email/)).toBeVisible());
    await visit(page, '/no-such-page', () => expect(page.getByText('Unexpected Application Error!')).toBeVisible());

    await signInWithCookie(page, owner);
    await visit(page, '/dashboard', () => expect(page.getByTestId('memory-card')).toHaveCount(1));
    await visit(page, '/dashboard?view=list', () => expect(page.getByTestId('memory-row')).toHaveCount(1));
    await visit(page, '/profile', () => expect(page.getByTestId('profile-memory')).toHaveCount(1));
    await visit(page, `/memory/${memoryId}`, () =>
      expect(page.getByRole('heading', { level: 1, name: 'Styled day' })).toBeVisible(),
    );
    await visit(page, `/memory/edit/${memoryId}`, () =>
      expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Red words'),
    );
    // The editor's inline styles (colours, fonts, alignment) and its dialogs under the policy.
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type(' and more');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link' }).click();
    await page.getByRole('dialog', { name: 'Insert Link' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('article', { name: 'Preview' })).toContainText('and more');
    await visit(page, '/memory/create', () =>
      expect(page.getByRole('heading', { level: 1, name: 'Create New Memory' })).toBeVisible(),
    );

    expect(watch.violations).toEqual([]);
  });

  test('the watch is real: an inline script injected into the page is blocked and reported', async ({ page }) => {
    const watch = await watchCspViolations(page);
    await visit(page, '/login', () => expect(page.getByLabel(/^Email/)).toBeVisible());

    // An inline script runs (or is refused) synchronously when it is inserted.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });

    expect(ran).toBe(false);
    await expect.poll(() => watch.violations).toEqual([expect.stringMatching(/^script-src(-elem)? blocked inline/)]);
  });
});
