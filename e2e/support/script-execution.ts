import type { Page } from '@playwright/test';

/**
 * The global every XSS payload calls (`__memoriesXssHit(<payload id>)`): if any payload runs, the page calls it.
 * Exposed as a Playwright binding, so it exists in every frame (iframes and srcdoc documents included) from the
 * first script of every navigation, and reports to the test even if the payload navigates away.
 */
export const XSS_SENTINEL = '__memoriesXssHit';

export interface ScriptExecutionWatch {
  /**
   * Everything that shows a script ran: sentinel calls, alert/confirm/prompt dialogs, and a sentinel that was called
   * where it did not exist.
   */
  readonly executions: string[];
}

/** Starts watching `page` for script executions; call before the first navigation. */
export async function watchScriptExecutions(page: Page): Promise<ScriptExecutionWatch> {
  const executions: string[] = [];
  await page.exposeBinding(XSS_SENTINEL, ({ frame }, payloadId: unknown) => {
    executions.push(`sentinel ${String(payloadId)} in ${frame.url()}`);
  });
  page.on('dialog', (dialog) => {
    // beforeunload prompts come from the app itself (the editor's leave guard), not from a payload.
    if (dialog.type() !== 'beforeunload') executions.push(`${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => {
    if (error.message.includes(XSS_SENTINEL))
      executions.push(`payload ran where the sentinel was missing: ${error.message}`);
  });
  return { executions };
}

/**
 * Everything that could run script on a click, a hover, a focus or a later parse, which the sentinel alone would
 * miss because nobody interacts with it: event-handler attributes, inline or foreign scripts, frames, objects,
 * `<base>`, meta refreshes, script-capable URL schemes in any URL attribute, script in styles, and base64 images in
 * memory content (which the spec forbids). Looks at the current document, or at `html` (e.g. a stored
 * `contentHtml`) parsed inertly with DOMParser. Answers one line per finding.
 */
export async function findExecutableShapes(page: Page, html?: string): Promise<string[]> {
  return page.evaluate((stored) => {
    const root = stored === null ? document : new DOMParser().parseFromString(stored, 'text/html');
    const findings: string[] = [];
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> in ${element.parentElement?.tagName.toLowerCase() ?? 'document'}`;
    // Browsers drop these characters before reading a scheme, so the check does too.
    const ignored = (code: number) =>
      code <= 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0x2028 || code === 0x2029 || code === 0xfeff;
    const scheme = (value: string) =>
      [...value]
        .filter((character) => !ignored(character.codePointAt(0) ?? 0))
        .join('')
        .toLowerCase()
        .split(':')[0];
    const SCRIPT_SCHEMES = new Set(['javascript', 'vbscript', 'livescript', 'data']);
    const URL_ATTRIBUTES = [
      'href',
      'xlink:href',
      'src',
      'action',
      'formaction',
      'data',
      'background',
      'poster',
      'srcdoc',
      'codebase',
      'dynsrc',
      'lowsrc',
    ];

    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (tag === 'script') {
        const source = element.getAttribute('src');
        if (source === null || new URL(source, location.href).origin !== location.origin)
          findings.push(`script ${source ?? `inline: ${element.textContent?.slice(0, 80)}`}`);
      }
      if (['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal'].includes(tag))
        findings.push(`element ${describe(element)}`);
      if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh')
        findings.push(`meta refresh ${element.getAttribute('content')}`);
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on'))
          findings.push(`handler ${name}="${attribute.value.slice(0, 80)}" on ${describe(element)}`);
        if (URL_ATTRIBUTES.includes(name) && SCRIPT_SCHEMES.has(scheme(attribute.value))) {
          // Images may show data: URLs outside memory content (icons); inside content they are refused below.
          const harmlessImage = tag === 'img' && name === 'src' && scheme(attribute.value) === 'data';
          if (!harmlessImage) findings.push(`${name}="${attribute.value.slice(0, 80)}" on ${describe(element)}`);
        }
        if (
          name === 'style' &&
          /expression\s*\(|url\s*\(\s*['"]?\s*(javascript|vbscript|data:text)|behavior\s*:|-moz-binding/i.test(
            attribute.value,
          )
        ) {
          findings.push(`style="${attribute.value.slice(0, 80)}" on ${describe(element)}`);
        }
      }
    }
    for (const anchor of root.querySelectorAll('a[href]')) {
      if (SCRIPT_SCHEMES.has((anchor as HTMLAnchorElement).protocol.replace(/:$/, '')))
        findings.push(`link to ${(anchor as HTMLAnchorElement).href.slice(0, 80)}`);
    }
    for (const image of root.querySelectorAll(stored === null ? '.memory-content img, .ProseMirror img' : 'img')) {
      const source = image.getAttribute('src') ?? '';
      if (!/^https?:$/.test(new URL(source, location.href).protocol))
        findings.push(`content image from ${source.slice(0, 80)}`);
    }
    return findings;
  }, html ?? null);
}
