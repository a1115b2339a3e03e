// `npm run bench:editor` (`tsx tools/bench/editor-typing.ts`): the memory editor with long memories in headless
// Chromium, against the production build that `npm start` serves (or the one under WEB_ROOT). Builds nothing: build the
// shell, the remotes, the standalone and server-testing (which starts it) first. Starts the built standalone server on
// 127.0.0.1 with a temporary data directory (its own ports), creates a user and, for each size in
// BENCH_EDITOR_PARAGRAPHS (a comma list, e.g. 1000,3000,6000,10000), a memory of that many paragraphs through the API,
// signs in through the login form, then per size alternates BENCH_EDITOR_RUNS runs of the editor with as many of the
// baseline:
// - editor: open /memory/edit/{id} in a fresh page; open time = navigation start -> the first frame after all the
//   paragraphs are in the editor; then KEYSTROKES keys in the middle of the document, each measured from the key
//   event's timestamp to the end of the next frame after it (requestAnimationFrame, then a task: keystroke-to-paint);
// - baseline: the same keystrokes, measured the same way, into the same paragraphs in a plain contenteditable without
//   any editor code (same width, font and spacing as the editor's), i.e. what the browser alone costs per keystroke.
// Both record the longest main-thread task from the first key to AFTER_TYPING_MS after the last (the draft mirror's
// writes included), and the page's own User Timing measures (the editor's draft mirror measures each write). Prints
// each run with the load average of the machine, then per size: open time, editor and plain
// p50/p95, the p95 ratio editor / plain, the longest task of each side. Targets (issue 23): p95 within 1.1x of the
// plain contenteditable at 3,000-10,000 paragraphs and <= 16 ms at 1,000, longest task while typing at 10,000
// paragraphs <= 50 ms, open 10,000 paragraphs <= 1.5 s.
// BENCH_EDITOR_CPU_PROFILE=<folder>: the first editor run of each size also records a CPU profile of its typing
// (a .cpuprofile file, for Chrome's DevTools) and prints the functions that took most time; that run's figures carry
// the profiler's own cost.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER } from '@memories/contracts';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { median } from './statistics';
import { BENCH_CHROMIUM } from './chromium';

const PORT = process.env.BENCH_EDITOR_PORT ?? '4326';
const POSTGRES_PORT = process.env.BENCH_EDITOR_POSTGRES_PORT ?? '54326';
const SIZES = (process.env.BENCH_EDITOR_PARAGRAPHS ?? '10000').split(',').map((size) => Number(size.trim()));
const KEYSTROKES = Number(process.env.BENCH_EDITOR_KEYSTROKES ?? 200);
const RUNS = Number(process.env.BENCH_EDITOR_RUNS ?? 3);
const CPU_PROFILE_DIR = process.env.BENCH_EDITOR_CPU_PROFILE;
/** Pause between keystrokes: a fast typist (~12 characters/s); each key is measured on its own, not queued. */
const KEY_INTERVAL_MS = 80;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const PAGE_TIMEOUT_MS = Number(process.env.BENCH_EDITOR_PAGE_TIMEOUT_MS ?? 60_000);
/** The whole bench is bounded: whatever hangs, the server is stopped and the process exits. */
const BENCH_TIMEOUT_MS = (5 + 4 * SIZES.length) * 60_000;
const PASSWORD = 'bench-password-1';
const TARGETS = { ratio: 1.1, p95At1000Ms: 16, longestTaskAt10000Ms: 50, openAt10000Ms: 1500 };

const WORDS = 'we walked along the lake at dawn and the water was still as glass while the children laughed and'.split(
  ' ',
);

function log(message: string): void {
  process.stderr.write(`[bench:editor] ${message}\n`);
}

/** Paragraphs of 12-20 words, about 90 characters each: a long journal, not one repeated line. */
function paragraphTexts(paragraphs: number): string[] {
  return Array.from({ length: paragraphs }, (_, index) => {
    const words = Array.from(
      { length: 12 + (index % 9) },
      (_unused, word) => WORDS[(index * 7 + word * 3) % WORDS.length],
    );
    return `${index + 1}. ${words.join(' ')}.`;
  });
}

function longDocument(paragraphs: number): unknown {
  return {
    type: 'doc',
    content: paragraphTexts(paragraphs).map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  };
}

/** How the editor lays its text out, copied onto the baseline so both wrap the same text into the same lines. */
interface TextLayout {
  /** CSS property (kebab-case) -> computed value. */
  editor: Record<string, string>;
  paragraph: Record<string, string>;
}

async function post(
  pathName: string,
  body: unknown,
  token?: string,
  idempotencyKey?: string,
): Promise<{ data: Record<string, unknown> }> {
  const headers = {
    'content-type': 'application/json',
    [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  };
  let response = await fetch(`${BASE_URL}${pathName}`, { method: 'POST', headers, body: JSON.stringify(body) });
  // On a busy machine the first save of a 1.4 MiB document can outlast the bus timeout; the same key makes a retry
  // safe (the server creates the memory once).
  for (let retry = 0; idempotencyKey && response.status === 504 && retry < 3; retry++) {
    log(`${pathName} answered 504, retrying`);
    response = await fetch(`${BASE_URL}${pathName}`, { method: 'POST', headers, body: JSON.stringify(body) });
  }
  if (!response.ok)
    throw new Error(`POST ${pathName} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** A user, and one memory per size; answers the memory ids in the order of SIZES. */
async function seed(): Promise<{ email: string; memoryIds: string[] }> {
  const email = `bench-editor-${Date.now().toString(36)}@example.com`;
  await post('/api/auth/register', { name: 'Bench Typist', email, password: PASSWORD, confirmPassword: PASSWORD });
  const token = (await post('/api/auth/login', { email, password: PASSWORD, rememberMe: false })).data[
    'accessToken'
  ] as string;
  const memoryIds: string[] = [];
  for (const paragraphs of SIZES) {
    const contentJson = JSON.stringify(longDocument(paragraphs));
    const memory = await post(
      '/api/memories/memory',
      {
        title: `A journal of ${paragraphs} paragraphs`,
        date: '2026-06-01',
        contentJson,
        tags: ['bench'],
        isDraft: true,
        thumbnailUrl: '',
        sharedWith: [],
      },
      token,
      randomUUID(),
    );
    memoryIds.push(memory.data['id'] as string);
    log(
      `seeded a memory of ${paragraphs} paragraphs (${(Buffer.byteLength(contentJson) / 1024 / 1024).toFixed(2)} MiB of contentJson)`,
    );
  }
  return { email, memoryIds };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: PAGE_TIMEOUT_MS });
}

/** Milliseconds from navigation start to the first frame that shows every paragraph in the editor. */
async function measureOpen(page: Page, memoryId: string, paragraphs: number): Promise<number> {
  // Watched from inside the page every 4 ms, so the figure carries no round trips to the bench process; once all
  // paragraphs are in the DOM, the time is taken after the next frame (when they are painted).
  // Each run starts from the saved memory: the editor page's local mirror of the previous run's unsaved typing would
  // otherwise offer itself back first.
  await page.addInitScript(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('memories.editorDraft')) localStorage.removeItem(key);
  });
  await page.addInitScript((count) => {
    const timer = setInterval(() => {
      if (document.querySelectorAll('.ProseMirror > p').length < count) return;
      clearInterval(timer);
      requestAnimationFrame(() =>
        setTimeout(() => ((window as unknown as { __editorReadyAt: number }).__editorReadyAt = performance.now()), 0),
      );
    }, 4);
  }, paragraphs);
  await page.goto(`/memory/edit/${memoryId}`, { waitUntil: 'commit' });
  try {
    const ready = await page.waitForFunction(
      () => (window as unknown as { __editorReadyAt?: number }).__editorReadyAt,
      undefined,
      {
        timeout: PAGE_TIMEOUT_MS,
      },
    );
    return (await ready.jsonValue()) as number;
  } catch (error) {
    await page.screenshot({ path: path.join(tmpdir(), 'bench-editor-load-failure.png') });
    log(
      `the editor did not show the memory at ${page.url()}; screenshot in ${path.join(tmpdir(), 'bench-editor-load-failure.png')}`,
    );
    throw error;
  }
}

// The functions handed to the page declare no named helpers: tsx would wrap those in a `__name` call the page lacks.
async function editorTextLayout(page: Page): Promise<TextLayout> {
  return page.evaluate(() => {
    const editor = document.querySelector('.ProseMirror') as HTMLElement;
    const text = ['font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing', 'white-space'];
    const [editorStyle, paragraphStyle] = [
      getComputedStyle(editor),
      getComputedStyle(editor.querySelector('p') as HTMLElement),
    ];
    return {
      editor: Object.fromEntries(
        ['width', 'box-sizing', 'padding', ...text].map((name) => [name, editorStyle.getPropertyValue(name)]),
      ),
      paragraph: Object.fromEntries(['margin', ...text].map((name) => [name, paragraphStyle.getPropertyValue(name)])),
    };
  });
}

/** The baseline page: the same paragraphs in a bare contenteditable, no editor code, laid out like the editor. */
async function openPlainContentEditable(page: Page, layout: TextLayout, paragraphs: number): Promise<void> {
  await page.setContent('<!doctype html><html><body><div id="plain" contenteditable="true"></div></body></html>');
  await page.evaluate(
    ({ texts, layout }) => {
      const plain = document.getElementById('plain') as HTMLElement;
      for (const [name, value] of Object.entries({ ...layout.editor, margin: '0 auto' }))
        plain.style.setProperty(name, value);
      for (const text of texts) {
        const paragraph = document.createElement('p');
        for (const [name, value] of Object.entries(layout.paragraph)) paragraph.style.setProperty(name, value);
        paragraph.textContent = text;
        plain.append(paragraph);
      }
    },
    { texts: paragraphTexts(paragraphs), layout },
  );
}

/** After the last key, how long the longest-task watch goes on: past the draft mirror's last write. */
const AFTER_TYPING_MS = 2_500;

interface Typing {
  /** Each keystroke's key-to-paint time, ms. */
  latencies: number[];
  /** The longest main-thread task from the first key to AFTER_TYPING_MS after the last (0 if none over 50 ms). */
  longestTaskMs: number;
  /**
   * The page's own User Timing measures in that time, by name (the editor's draft mirror measures each write; older
   * builds measure nothing).
   */
  measuresMs: Record<string, number[]>;
}

/** Types KEYSTROKES characters in the middle of the document, measuring each key to paint and the longest task. */
async function measureTyping(page: Page, selector: string, paragraphs: number): Promise<Typing> {
  const middle = page.locator(selector).nth(Math.floor(paragraphs / 2));
  await middle.scrollIntoViewIfNeeded();
  await middle.click();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    const latencies: number[] = [];
    const store = window as unknown as {
      __keyLatencies: number[];
      __longestTask: number;
      __measures: Record<string, number[]>;
    };
    store.__keyLatencies = latencies;
    store.__longestTask = 0;
    store.__measures = {};
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.__longestTask = Math.max(store.__longestTask, entry.duration);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (store.__measures[entry.name] ??= []).push(entry.duration);
    }).observe({ type: 'measure' });
    document.addEventListener(
      'keydown',
      (event) => {
        const pressed = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - pressed), 0));
      },
      { capture: true },
    );
  });
  const text = 'and then we swam to the other shore ';
  for (let index = 0; index < KEYSTROKES; index++) {
    await page.keyboard.press(text[index % text.length] === ' ' ? 'Space' : text[index % text.length]);
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  await page.waitForFunction(
    (count) => (window as unknown as { __keyLatencies: number[] }).__keyLatencies.length >= count,
    KEYSTROKES,
  );
  await page.waitForTimeout(AFTER_TYPING_MS);
  return page.evaluate(() => {
    const store = window as unknown as {
      __keyLatencies: number[];
      __longestTask: number;
      __measures: Record<string, number[]>;
    };
    return { latencies: store.__keyLatencies, longestTaskMs: store.__longestTask, measuresMs: store.__measures };
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Types as measureTyping does under Chromium's sampling profiler; writes the profile and prints the top self times. */
async function profileTyping(page: Page, paragraphs: number, folder: string): Promise<Typing> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const typing = await measureTyping(page, '.ProseMirror > p', paragraphs);
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await session.detach();
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `editor-typing-${paragraphs}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    selfMs.set(name, (selfMs.get(name) ?? 0) + profile.timeDeltas[index] / 1000);
  });
  const top = [...selfMs]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1]);
  console.log(`\nCPU profile of ${KEYSTROKES} keys at ${paragraphs} paragraphs (${file}), self time per key:`);
  for (const [name, total] of top.slice(0, 15)) console.log(`  ${(total / KEYSTROKES).toFixed(2)} ms  ${name}`);
  return typing;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

interface SizeResult {
  paragraphs: number;
  opens: number[];
  editor: Typing[];
  plain: Typing[];
  loadAverages: string[];
}

/** "name: count, median, longest" of each User Timing measure of the runs, or "none". */
function measures(runs: Typing[]): string {
  const byName = new Map<string, number[]>();
  for (const run of runs)
    for (const [name, durations] of Object.entries(run.measuresMs))
      byName.set(name, [...(byName.get(name) ?? []), ...durations]);
  if (byName.size === 0) return 'none';
  return [...byName]
    .map(
      ([name, durations]) =>
        `${name}: ${durations.length}, median ${ms(median(durations))}, longest ${ms(Math.max(...durations))}`,
    )
    .join('; ');
}

function printRun(paragraphs: number, run: number, side: string, open: number | null, typing: Typing): void {
  const { latencies, longestTaskMs } = typing;
  console.log(
    `| ${paragraphs} | ${run} | ${side} | ${loadAverage()} | ${open === null ? '' : ms(open)} | ${ms(percentile(latencies, 50))} | ` +
      `${ms(percentile(latencies, 95))} | ${ms(Math.max(...latencies))} | ${ms(longestTaskMs)} | ${measures([typing])} |`,
  );
}

/** One size: RUNS editor runs alternating with RUNS plain contenteditable runs, in one machine state. */
async function benchSize(
  context: BrowserContext,
  memoryId: string,
  paragraphs: number,
  layoutOf: (page: Page) => Promise<TextLayout>,
): Promise<SizeResult> {
  const result: SizeResult = { paragraphs, opens: [], editor: [], plain: [], loadAverages: [] };
  for (let run = 1; run <= RUNS; run++) {
    result.loadAverages.push(loadAverage());
    // A fresh page per run; closing it skips the editor's leave guard (the typed text is not saved on purpose).
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const open = await measureOpen(page, memoryId, paragraphs);
    const layout = await layoutOf(page);
    const typing =
      CPU_PROFILE_DIR && run === 1
        ? await profileTyping(page, paragraphs, CPU_PROFILE_DIR)
        : await measureTyping(page, '.ProseMirror > p', paragraphs);
    await page.close({ runBeforeUnload: false });
    result.opens.push(open);
    result.editor.push(typing);
    printRun(paragraphs, run, 'editor', open, typing);

    const plainPage = await context.newPage();
    plainPage.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await openPlainContentEditable(plainPage, layout, paragraphs);
    const plain = await measureTyping(plainPage, '#plain > p', paragraphs);
    await plainPage.close();
    result.plain.push(plain);
    printRun(paragraphs, run, 'plain', null, plain);
  }
  return result;
}

const allLatencies = (runs: Typing[]) => runs.flatMap((run) => run.latencies);
const longest = (runs: Typing[]) => Math.max(...runs.map((run) => run.longestTaskMs));
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

function printSummary(results: SizeResult[]): void {
  console.log(`\nSummary (${RUNS} runs per side, ${KEYSTROKES} keys per run; open = median of the editor runs)\n`);
  console.log(
    '| paragraphs | load average (1/5/15 min) per run | open | editor p50 / p95 | plain p50 / p95 | p95 editor / plain | longest task editor / plain | editor page measures |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const targets: string[] = [];
  for (const { paragraphs, opens, editor, plain, loadAverages } of results) {
    const [editorKeys, plainKeys] = [allLatencies(editor), allLatencies(plain)];
    const [editorP95, plainP95] = [percentile(editorKeys, 95), percentile(plainKeys, 95)];
    const ratio = editorP95 / plainP95;
    console.log(
      `| ${paragraphs} | ${loadAverages.join('; ')} | ${ms(median(opens))} | ${ms(percentile(editorKeys, 50))} / ${ms(editorP95)} | ` +
        `${ms(percentile(plainKeys, 50))} / ${ms(plainP95)} | ${ratio.toFixed(2)}x | ${ms(longest(editor))} / ${ms(longest(plain))} | ` +
        `${measures(editor)} |`,
    );
    if (paragraphs === 1000)
      targets.push(
        `1,000 paragraphs: editor p95 ${ms(editorP95)} <= ${TARGETS.p95At1000Ms} ms: ${verdict(editorP95 <= TARGETS.p95At1000Ms)}`,
      );
    if (paragraphs >= 3000)
      targets.push(
        `${paragraphs} paragraphs: p95 ratio ${ratio.toFixed(2)}x <= ${TARGETS.ratio}x: ${verdict(ratio <= TARGETS.ratio)}`,
      );
    if (paragraphs === 10_000) {
      targets.push(
        `10,000 paragraphs: longest task while typing ${ms(longest(editor))} <= ${TARGETS.longestTaskAt10000Ms} ms: ${verdict(longest(editor) <= TARGETS.longestTaskAt10000Ms)} ` +
          `(plain contenteditable in the same runs: ${ms(longest(plain))}; the editor page's measures: ${measures(editor)})`,
      );
      targets.push(
        `10,000 paragraphs: open ${ms(median(opens))} <= ${TARGETS.openAt10000Ms} ms: ${verdict(median(opens) <= TARGETS.openAt10000Ms)}`,
      );
    }
  }
  if (targets.length > 0) console.log(`\nTargets (issue 23):\n${targets.map((line) => `- ${line}`).join('\n')}`);
}

async function bench(browser: Browser, email: string, memoryIds: string[]): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  // A page that fails to start says why (e.g. a remote built against another shell).
  context.on('weberror', (error) => log(`page error: ${error.error().message}`));
  try {
    const signInPage = await context.newPage();
    signInPage.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await signIn(signInPage, email);
    await signInPage.close();
    // The editor's text layout, read once: the same at every size.
    let layout: TextLayout | undefined;
    const layoutOf = async (page: Page) => (layout ??= await editorTextLayout(page));
    console.log(
      '| paragraphs | run | side | load average | open | p50 | p95 | max | longest task | page measures (count, median, longest) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    const results: SizeResult[] = [];
    for (const [index, paragraphs] of SIZES.entries())
      results.push(await benchSize(context, memoryIds[index], paragraphs, layoutOf));
    printSummary(results);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { startStandalone, stopStandalone, waitForStandalone } = await import('@memories/server-testing');
  if (SIZES.some((size) => !Number.isInteger(size) || size < 2))
    throw new Error(`BENCH_EDITOR_PARAGRAPHS must list whole numbers above 1, e.g. 1000,10000`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'memories-bench-editor-'));
  const server = startStandalone({ port: PORT, postgresPort: POSTGRES_PORT, dataDir });
  let browser: Browser | undefined;
  const guard = setTimeout(() => {
    log(`gave up after ${BENCH_TIMEOUT_MS / 60_000} min`);
    void (browser?.close() ?? Promise.resolve()).finally(() => stopStandalone(server).finally(() => process.exit(1)));
  }, BENCH_TIMEOUT_MS);
  try {
    await waitForStandalone(server);
    const { email, memoryIds } = await seed();
    browser = await chromium.launch({ ...BENCH_CHROMIUM, headless: true });
    console.log(
      `Editor: ${SIZES.join(', ')} paragraphs, ${KEYSTROKES} keystrokes per run (one every ${KEY_INTERVAL_MS} ms), ${RUNS} editor runs ` +
        `alternating with ${RUNS} plain contenteditable runs per size, Chromium ${browser.version()}${process.env.WEB_ROOT ? `, front end from ${process.env.WEB_ROOT}` : ''}\n`,
    );
    await bench(browser, email, memoryIds);
  } finally {
    clearTimeout(guard);
    await browser?.close();
    await stopStandalone(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
