import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { isAllowedImageSource } from './image-source.util';
import { isAllowedLinkHref } from './link-href.util';
import {
  CONTENT_DROPPING_TAGS,
  MEMORY_HTML_ATTRIBUTES,
  MEMORY_HTML_CLASSES,
  MEMORY_HTML_STYLES,
  MEMORY_HTML_TAGS,
  relOfNewTabLink,
} from './memory-html-allow-list';

const CONFIG: Config = {
  ALLOWED_TAGS: MEMORY_HTML_TAGS,
  // Every attribute any tag may carry; which tag may carry which is decided per element in the hook below.
  ALLOWED_ATTR: [...new Set([...Object.values(MEMORY_HTML_ATTRIBUTES).flat(), 'class'])],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  FORBID_CONTENTS: CONTENT_DROPPING_TAGS,
  KEEP_CONTENT: true,
};

/** The declarations of `style` that the allow-list admits for `tag`, as sanitize-html writes them (`a:b;c:d`). */
function allowedStyle(tag: string, style: string): string {
  const allowed = MEMORY_HTML_STYLES[tag] ?? {};
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      return colon < 0
        ? null
        : { property: declaration.slice(0, colon).trim().toLowerCase(), value: declaration.slice(colon + 1).trim() };
    })
    .filter(
      (declaration) =>
        declaration !== null &&
        (allowed[declaration.property] ?? []).some((pattern) => pattern.test(declaration.value)),
    )
    .map((declaration) => `${declaration?.property}:${declaration?.value}`)
    .join(';');
}

function allowedClasses(tag: string, classes: string): string {
  const allowed = MEMORY_HTML_CLASSES[tag] ?? [];
  return classes
    .split(/\s+/)
    .filter((name) => name !== '' && allowed.some((pattern) => pattern.test(name)))
    .join(' ');
}

function createPurifier(): Purifier {
  const purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    let value: string | null = data.attrValue;
    if (name === 'class') value = allowedClasses(tag, value);
    else if (!(MEMORY_HTML_ATTRIBUTES[tag] ?? []).includes(name)) value = null;
    else if (name === 'style') value = allowedStyle(tag, value);
    else if (name === 'href' && !isAllowedLinkHref(value)) value = null;
    if (value === null || value === '') data.keepAttr = false;
    else data.attrValue = value;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG' && !isAllowedImageSource(node.getAttribute('src'))) node.remove();
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', relOfNewTabLink(node.getAttribute('rel') ?? undefined));
  });
  return purifier;
}

let purifier: Purifier | null = null;

/**
 * The editor preview's sanitiser: the allow-list of the server's `sanitizeMemoryHtml`, applied by DOMPurify to the
 * browser's own parse of the HTML (so there is no parser differential to exploit), ~9 KiB of code against the
 * server's ~141 KiB. Browser only (it needs `window`); the server keeps sanitize-html.
 */
export function sanitizeMemoryHtmlInBrowser(html: string): string {
  purifier ??= createPurifier();
  return purifier.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false });
}
