// `npm run bench:web` (`tsx tools/bench/web-routes.ts`): what a cold browser downloads and how fast it paints, per
// route of the spec's route table, against the production build that `npm start` serves. Builds nothing: it needs the
// shell, the four remotes, the standalone and server-testing (which starts it) built first. Starts the built standalone
// server on 127.0.0.1 with a temporary data directory (its own ports), creates a user and a memory through the API,
// then opens every route in a fresh headless Chromium context (empty cache) with CPU throttling, and prints one
// Markdown table per run plus the medians: first-load JS (sum of script responses up to network idle) on the wire and
// as gzip -9, everything on the wire, LCP, and the client-side route changes dashboard -> memory -> editor.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { CLIENT_HEADER, ROUTE_PREFETCH_MARK, RUNTIME_REMOTE_NAMES } from '@memories/contracts';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { REPO_ROOT } from '../launch/process-group';
import { profileReport, type BrowserProfile } from './cpu-profile-sources';
import { median } from './statistics';
import { BENCH_CHROMIUM } from './chromium';

const PORT = process.env.BENCH_WEB_PORT ?? '4327';
const POSTGRES_PORT = process.env.BENCH_WEB_POSTGRES_PORT ?? '54327';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** Chromium's CPU slowdown factor (Lighthouse's mobile profile uses 4); 1 turns throttling off. */
const CPU_THROTTLE = Number(process.env.BENCH_WEB_CPU_THROTTLE ?? 4);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const PAGE_TIMEOUT_MS = 60_000;
const PASSWORD = 'bench-password-1';
const MEMORY_TITLE = 'Bench lake day';
const KIB = 1024;
/**
 * BENCH_WEB_DETAIL=1 also lists every script of every first load (what to look at when a figure grows), and what each
 * timed route change fetched between its click and its page (what a prefetch did not cover).
 */
const DETAIL = process.env.BENCH_WEB_DETAIL === '1';
/**
 * BENCH_WEB_ROUTES=/,/login,/memory/{id} measures only those routes (and no route changes): for quick comparisons.
 * `{id}` stands for the seeded memory's id, as in the table.
 */
const ONLY = process.env.BENCH_WEB_ROUTES?.split(',');
/**
 * BENCH_WEB_CPU_PROF_DIR=<dir> adds one untimed run of the route changes, as shipped, with the page's CPU profiled
 * from the click on Edit to the editable document, in the first opening and in the second after Back, and prints where
 * that time went by package and source file (through the build's source maps), writing the .cpuprofile files there.
 */
const PROFILE_DIR = process.env.BENCH_WEB_CPU_PROF_DIR;

interface Route {
  path: string;
  signedIn: boolean;
  /** What proves the route rendered its page (not a spinner, not the remote fallback). */
  ready: string;
}

interface LoadFigures {
  jsFiles: number;
  jsWire: number;
  jsGzip: number;
  jsRaw: number;
  allWire: number;
  lcpMs: number;
  /** Scripts the shell prefetched for the routes the page links to (after its own load): not part of its first load. */
  prefetchedGzip: number;
}

interface RouteChangeFigures {
  dashboardToMemoryMs: number;
  memoryToEditorMs: number;
  /**
   * Back to the viewer, then Edit again in the same tab: the editor's code compiled, its styles inserted, its
   * outbox open. No prefetch or warm-up can make the first visit faster than this without rendering less.
   */
  memoryToEditorAgainMs: number;
  /**
   * The longest main-thread task while the viewer is read before Edit (its own settling, the editor's code prefetched
   * and evaluated, its rehearsal): what a click or key at the worst moment would wait for.
   */
  viewerLongestTaskMs: number;
}

/**
 * The two route-change scenarios of one run: the app as shipped, and with Data Saver on (the app prefetches nothing).
 */
interface RouteChangeRun {
  prefetch: RouteChangeFigures;
  noPrefetch: RouteChangeFigures;
}

function log(message: string): void {
  process.stderr.write(`[bench:web] ${message}\n`);
}

function missingBuilds(): string[] {
  const needed = [
    path.join(REPO_ROOT, 'shell', 'dist', 'index.html'),
    ...RUNTIME_REMOTE_NAMES.map((name) => path.join(REPO_ROOT, 'remotes', name, 'dist', 'mf-manifest.json')),
    path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'main.js'),
    path.join(REPO_ROOT, 'libs', 'server', 'testing', 'dist', 'index.js'),
  ];
  return needed.filter((file) => !existsSync(file)).map((file) => path.relative(REPO_ROOT, file));
}

async function api(pathName: string, body: unknown, token?: string): Promise<{ data: Record<string, unknown> }> {
  const response = await fetch(`${BASE_URL}${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CLIENT_HEADER.name]: CLIENT_HEADER.value,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${pathName} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** A user with one memory, created through the API; answers the user's e-mail and the memory id. */
async function seedUser(): Promise<{ email: string; memoryId: string }> {
  const email = `bench-web-${Date.now().toString(36)}@example.com`;
  await api('/api/auth/register', { name: 'Bench User', email, password: PASSWORD, confirmPassword: PASSWORD });
  const login = await api('/api/auth/login', { email, password: PASSWORD, rememberMe: false });
  const token = login.data.accessToken as string;
  const contentJson = JSON.stringify({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'We swam all afternoon and watched the sun go down over the water.' }],
      },
    ],
  });
  const memory = await api(
    '/api/memories/memory',
    {
      title: MEMORY_TITLE,
      date: '2026-07-04',
      contentJson,
      tags: ['summer', 'lake'],
      isDraft: false,
      thumbnailUrl: '',
      sharedWith: [],
    },
    token,
  );
  return { email, memoryId: memory.data.id as string };
}

/** A fresh context (empty cache); signed in through the API so its refresh cookie is the context's own. */
async function freshContext(browser: Browser, email?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 720 } });
  if (email) {
    const login = await context.request.post('/api/auth/login', {
      headers: { [CLIENT_HEADER.name]: CLIENT_HEADER.value },
      data: { email, password: PASSWORD, rememberMe: false },
    });
    if (!login.ok()) throw new Error(`Sign-in for the bench answered ${login.status()}: ${await login.text()}`);
  }
  return context;
}

async function throttledPage(context: BrowserContext, dataSaver = false): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  // The shell prefetches nothing under Data Saver: the baseline of the route changes.
  if (dataSaver)
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  if (CPU_THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  // The latest LCP candidate; Chromium stops reporting candidates at the first input, which the bench never sends.
  await page.addInitScript(() => {
    const store = window as unknown as { benchLcp: number };
    store.benchLcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.benchLcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return { page, cdp };
}

async function expectRendered(page: Page, route: Route): Promise<void> {
  await page.locator(route.ready).first().waitFor({ state: 'visible' });
  if ((await page.getByTestId('remote-fallback').count()) > 0)
    throw new Error(`${route.path} showed the remote fallback instead of its page.`);
}

async function coldLoad(browser: Browser, route: Route, email: string): Promise<LoadFigures> {
  const context = await freshContext(browser, route.signedIn ? email : undefined);
  try {
    const { page } = await throttledPage(context);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const network = trackNetwork(page);
    await page.goto(route.path, { waitUntil: 'networkidle' });
    await expectRendered(page, route);
    await network.quiet();
    const prefetchFrom = await prefetchStartedAt(page);
    const figures: LoadFigures = {
      jsFiles: 0,
      jsWire: 0,
      jsGzip: 0,
      jsRaw: 0,
      allWire: 0,
      lcpMs: 0,
      prefetchedGzip: 0,
    };
    for (const response of [...responses]) {
      if (prefetchFrom !== null && response.request().timing().startTime >= prefetchFrom) {
        figures.prefetchedGzip += gzipSync(await response.body(), { level: constants.Z_BEST_COMPRESSION }).length;
        if (DETAIL) log(`${route.path}  prefetched for a linked route: ${new URL(response.url()).pathname}`);
        continue;
      }
      const { responseBodySize } = await response.request().sizes();
      figures.allWire += responseBodySize;
      if (response.request().resourceType() !== 'script') continue;
      const body = await response.body();
      figures.jsFiles += 1;
      figures.jsWire += responseBodySize;
      figures.jsRaw += body.length;
      const gzip = gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
      figures.jsGzip += gzip;
      if (DETAIL) log(`${route.path}  ${kib(gzip).padStart(6)} KiB gzip  ${new URL(response.url()).pathname}`);
    }
    figures.lcpMs = await page.evaluate(() => (window as unknown as { benchLcp: number }).benchLcp);
    return figures;
  } finally {
    await context.close();
  }
}

/**
 * When the shell started prefetching linked routes (its ROUTE_PREFETCH_MARK), in ms since the epoch; null if it did
 * not.
 */
async function prefetchStartedAt(page: Page): Promise<number | null> {
  return page.evaluate((markName) => {
    const mark = performance.getEntriesByName(markName, 'mark')[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  }, ROUTE_PREFETCH_MARK);
}

/**
 * Counts the page's requests in flight from now on; `quiet()` waits until none has been for 500 ms (at most 20 s):
 * the shell prefetches when the browser is idle, which under CPU throttling can be after Playwright's network idle.
 */
function trackNetwork(page: Page): { quiet(): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    async quiet() {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < 500)) await page.waitForTimeout(100);
    },
  };
}

/**
 * How long a person at least looks at a page before clicking on: the shell's idle work (prefetch) may run meanwhile.
 */
const READING_PAUSE_MS = 2000;

/** Waits out the reading pause, then until no request has been in flight for 500 ms and the browser is idle. */
async function readThePage(page: Page, network: { quiet(): Promise<void> }): Promise<void> {
  await page.waitForTimeout(READING_PAUSE_MS);
  await network.quiet();
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/** Clicks `target`, then answers the in-page time from the click to the first frame where `ready` is visible. */
async function timeNavigation(page: Page, click: () => Promise<void>, ready: string): Promise<number> {
  // With DETAIL, what the page asked for between the click and `ready`: what a prefetch or a rehearsal did not cover.
  const fetched: string[] = [];
  const noteRequest = (request: Request) => fetched.push(`${request.method()} ${new URL(request.url()).pathname}`);
  if (DETAIL) page.on('request', noteRequest);
  await page.evaluate(() => {
    const store = window as unknown as { benchClickAt: number };
    document.addEventListener('click', () => (store.benchClickAt = performance.now()), { capture: true, once: true });
  });
  await click();
  const handle = await page.waitForFunction(
    (selector) => {
      const element = document.querySelector<HTMLElement>(selector);
      if (!element || element.getClientRects().length === 0) return false;
      return performance.now() - (window as unknown as { benchClickAt: number }).benchClickAt;
    },
    ready,
    { polling: 'raf' },
  );
  const ms = Math.round((await handle.jsonValue()) as number);
  if (DETAIL) {
    page.off('request', noteRequest);
    log(`${ready}: ${ms} ms after the click, fetched meanwhile: ${fetched.join(', ') || 'nothing'}`);
  }
  return ms;
}

/**
 * Signed in, cold cache: /dashboard, then View on the memory (viewer remote), then Edit (editor remote). No remote
 * was fetched before the page showed the link. Before each click the bench reads the page for a moment, as a person
 * does (READING_PAUSE_MS, then until nothing is in flight and the browser is idle): as shipped, the shell has by then
 * prefetched the linked page's code; under Data Saver it prefetches nothing (the baseline). Then Back to the viewer
 * and Edit once more: the floor of opening the editor as it renders today (issue 39, target 1).
 */
/** The editor's document, editable: what opening the editor is timed to. */
const EDITABLE_DOCUMENT = '[data-testid="remote-editor"] .ProseMirror[contenteditable="true"]';

async function routeChanges(
  browser: Browser,
  email: string,
  dataSaver: boolean,
  profileDir?: string,
): Promise<RouteChangeFigures & { profile?: string }> {
  const context = await freshContext(browser, email);
  try {
    const { page, cdp } = await throttledPage(context, dataSaver);
    const network = trackNetwork(page);
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    const view = page.getByRole('button', { name: `View ${MEMORY_TITLE}` }).first();
    await view.waitFor({ state: 'visible' });
    await readThePage(page, network);
    const dashboardToMemoryMs = await timeNavigation(page, () => view.click(), '[data-testid="remote-viewer"] h1');
    const edit = page.getByTestId('remote-viewer').getByRole('button', { name: 'Edit' });
    await edit.waitFor({ state: 'visible' });
    await page.evaluate(() => {
      const store = window as unknown as { benchLongestTask: number };
      store.benchLongestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          store.benchLongestTask = Math.max(store.benchLongestTask, Math.round(entry.duration));
      }).observe({ type: 'longtask' });
    });
    await readThePage(page, network);
    const viewerLongestTaskMs = await page.evaluate(
      () => (window as unknown as { benchLongestTask: number }).benchLongestTask,
    );
    // The editable document, not the heading: the page shows its heading over "Loading..." while it reads the
    // device's outbox for a newer copy of the memory, and the memory's text is in before the editor's first paint.
    const timeEdit = async (which: string) => {
      if (!profileDir) return { ms: await timeNavigation(page, () => edit.click(), EDITABLE_DOCUMENT) };
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1_000 });
      await cdp.send('Profiler.start');
      const ms = await timeNavigation(page, () => edit.click(), EDITABLE_DOCUMENT);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: BrowserProfile };
      return {
        ms,
        profile: profileReport(profile, REPO_ROOT, profileDir, `${which}, ${ms} ms click → editable document`),
      };
    };
    const first = await timeEdit('viewer → editor, prefetched');
    await page.goBack();
    await edit.waitFor({ state: 'visible' });
    await readThePage(page, network);
    // The floor the first opening is compared with: what it shows in a second opening, whose code has run before.
    const again = await timeEdit('viewer → editor again, after Back');
    return {
      dashboardToMemoryMs,
      memoryToEditorMs: first.ms,
      memoryToEditorAgainMs: again.ms,
      viewerLongestTaskMs,
      profile: profileDir ? `${first.profile ?? ''}\n\n${again.profile ?? ''}` : undefined,
    };
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function table(routes: Route[], loads: Map<string, LoadFigures[]>, runs: RouteChangeRun[]): string {
  const lines = [
    '| route | JS files | JS on the wire (KiB) | JS gzip -9 (KiB) | JS gzip -9 (KB) | JS raw (KiB) | all on the wire (KiB) | LCP (ms) | prefetched at idle for links, gzip -9 (KiB) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const route of routes) {
    const runs = loads.get(route.path) ?? [];
    const pick = (field: keyof LoadFigures) => median(runs.map((run) => run[field]));
    lines.push(
      `| \`${route.path}\` | ${pick('jsFiles')} | ${kib(pick('jsWire'))} | ${kib(pick('jsGzip'))} | ${kb(pick('jsGzip'))} | ${kib(pick('jsRaw'))} | ${kib(pick('allWire'))} | ${Math.round(pick('lcpMs'))} | ${kib(pick('prefetchedGzip'))} |`,
    );
  }
  if (runs.length === 0) return lines.join('\n');
  lines.push('', '| client-side route change (cold remote) | ms (median) | runs |', '|---|---|---|');
  const row = (label: string, figures: RouteChangeFigures[], field: keyof RouteChangeFigures) =>
    lines.push(`| ${label} | ${median(figures.map((f) => f[field]))} | ${figures.map((f) => f[field]).join(', ')} |`);
  const shipped = runs.map((run) => run.prefetch);
  const baseline = runs.map((run) => run.noPrefetch);
  row('/dashboard → /memory/{id} (View), no prefetch (Data Saver)', baseline, 'dashboardToMemoryMs');
  row('/dashboard → /memory/{id} (View), prefetch when visible', shipped, 'dashboardToMemoryMs');
  row('/memory/{id} → /memory/edit/{id} (Edit), no prefetch (Data Saver)', baseline, 'memoryToEditorMs');
  row('/memory/{id} → /memory/edit/{id} (Edit), prefetch when visible', shipped, 'memoryToEditorMs');
  row(
    '/memory/{id} → /memory/edit/{id} (Edit) again, after Back, in the same tab (code compiled, styles in)',
    shipped,
    'memoryToEditorAgainMs',
  );
  row(
    '/memory/{id} while read before Edit: its longest main-thread task, prefetch when visible',
    shipped,
    'viewerLongestTaskMs',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const missing = missingBuilds();
  if (missing.length > 0) {
    log(`the production build is missing (${missing.join(', ')}); this bench builds nothing. Build first:`);
    log(
      '  NX_DAEMON=false npx nx run-many -t build -p shell remote-landing remote-memories remote-editor remote-viewer standalone server-testing',
    );
    process.exitCode = 1;
    return;
  }
  const { startStandalone, stopStandalone, waitForStandalone } = await import('@memories/server-testing');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'memories-bench-web-'));
  // One sign-in per signed-in route and run, all from 127.0.0.1.
  const server = startStandalone({
    port: PORT,
    postgresPort: POSTGRES_PORT,
    dataDir,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  let browser: Browser | undefined;
  try {
    log(`starting the standalone server on ${BASE_URL} (PostgreSQL on ${POSTGRES_PORT}, data in ${dataDir})`);
    await waitForStandalone(server);
    const { email, memoryId } = await seedUser();
    const allRoutes: Route[] = [
      { path: '/', signedIn: false, ready: '[data-testid="remote-landing"]' },
      { path: '/login', signedIn: false, ready: 'form input[type="password"]' },
      { path: '/register', signedIn: false, ready: 'form input[type="password"]' },
      { path: '/dashboard', signedIn: true, ready: '[data-testid="remote-memories"]' },
      { path: '/profile', signedIn: true, ready: '[data-testid="remote-memories"]' },
      { path: '/memory/create', signedIn: true, ready: '[data-testid="remote-editor"]' },
      { path: `/memory/edit/${memoryId}`, signedIn: true, ready: '[data-testid="remote-editor"]' },
      { path: `/memory/${memoryId}`, signedIn: true, ready: '[data-testid="remote-viewer"] h1' },
    ];
    const routes = ONLY ? allRoutes.filter((route) => ONLY.includes(route.path.replace(memoryId, '{id}'))) : allRoutes;
    browser = await chromium.launch(BENCH_CHROMIUM);
    const loads = new Map<string, LoadFigures[]>(routes.map((route) => [route.path, []]));
    const changes: RouteChangeRun[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      for (const route of routes) {
        loads.get(route.path)?.push(await coldLoad(browser, route, email));
      }
      if (!ONLY)
        changes.push({
          noPrefetch: await routeChanges(browser, email, true),
          prefetch: await routeChanges(browser, email, false),
        });
      log(`run ${run}/${RUNS} done`);
    }
    const profiled = PROFILE_DIR ? await routeChanges(browser, email, false, path.resolve(PROFILE_DIR)) : undefined;
    const cpu = cpus();
    process.stdout.write(
      `\nbench:web — ${new Date().toISOString()}, ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ` +
        `Chromium ${browser.version()} headless, 1280x720, CPU throttling ${CPU_THROTTLE}x, cold cache per route, medians of ${RUNS} runs\n\n` +
        `${table(routes, loads, changes).replaceAll(memoryId, '{id}')}\n`,
    );
    if (profiled?.profile) process.stdout.write(`\n${profiled.profile}\n`);
  } finally {
    await browser?.close();
    await stopStandalone(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
