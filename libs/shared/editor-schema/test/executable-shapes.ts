/**
 * Test oracle: finds anything a browser could execute or that leaves the schema, in HTML (parsed with parse5, the
 * HTML standard's own parsing algorithm, as a browser would parse it) and in document JSON. Deliberately written
 * from the product rules, not from the library's allow-lists, so a mistake in those lists makes the tests fail.
 */
import { type DefaultTreeAdapterMap, parseFragment, serialize } from 'parse5';

type ParsedNode = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['parentNode'];

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'];
const IMAGE_SCHEMES = ['http', 'https'];

/** What each tag of a rendered memory may carry: the product's nodes and marks, nothing else. */
const ALLOWED_HTML: Record<string, readonly string[]> = {
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  h5: ['style'],
  h6: ['style'],
  blockquote: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  pre: [],
  code: ['class'],
  hr: [],
  br: [],
  strong: [],
  em: [],
  s: [],
  mark: ['data-color', 'style'],
  span: ['style'],
  a: ['href', 'target', 'rel', 'class', 'title'],
  img: ['src', 'alt', 'title', 'width', 'data-align'],
  table: ['style'],
  colgroup: [],
  col: ['style'],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'colwidth', 'style'],
  td: ['colspan', 'rowspan', 'colwidth', 'style'],
};

// What a browser ignores when reading a URL's scheme: leading C0 controls and spaces, and tabs or newlines anywhere.
// eslint-disable-next-line no-control-regex -- mirroring the URL parser's treatment of control characters
const stripIgnoredUrlCharacters = (url: string) => url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');

function schemeOf(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(stripIgnoredUrlCharacters(url));
  return match ? match[1].toLowerCase() : null;
}

function urlProblem(url: string, allowedSchemes: readonly string[]): string | null {
  const scheme = schemeOf(url);
  if (scheme !== null) return allowedSchemes.includes(scheme) ? null : `scheme ${scheme}:`;
  const cleaned = stripIgnoredUrlCharacters(url);
  if (cleaned.startsWith('//') || cleaned.startsWith('\\')) return 'protocol-relative URL';
  return null;
}

const DANGEROUS_STYLE = /expression|url\s*\(|javascript|vbscript|behavior|binding|@import|\\|\/\*|<|>/i;

function styleProblem(style: string): string | null {
  if (DANGEROUS_STYLE.test(style)) return `style "${style}"`;
  const properties = style
    .split(';')
    .map((declaration) => declaration.split(':')[0].trim().toLowerCase())
    .filter(Boolean);
  const unexpected = properties.filter(
    (property) => !['text-align', 'color', 'background-color', 'font-family', 'width', 'min-width'].includes(property),
  );
  return unexpected.length > 0 ? `style properties ${unexpected.join(', ')}` : null;
}

function elementProblems(node: DefaultTreeAdapterMap['element']): string[] {
  const problems: string[] = [];
  const tag = node.tagName;
  if (node.namespaceURI !== HTML_NAMESPACE) problems.push(`<${tag}> in a foreign (SVG/MathML) namespace`);
  const allowed = ALLOWED_HTML[tag];
  if (allowed === undefined) {
    problems.push(`tag <${tag}>`);
    return problems;
  }
  for (const { name, value } of node.attrs) {
    if (!allowed.includes(name)) problems.push(`attribute ${name} on <${tag}>`);
    if (/^on/i.test(name)) problems.push(`event handler ${name}`);
    if (name === 'href') {
      const problem = urlProblem(value, LINK_SCHEMES);
      if (problem) problems.push(`link ${problem}`);
    }
    if (name === 'src') {
      const problem =
        urlProblem(value, IMAGE_SCHEMES) ??
        (schemeOf(value) === null && !value.startsWith('/') ? 'relative image' : null);
      if (problem) problems.push(`image ${problem}`);
    }
    if (name === 'style') {
      const problem = styleProblem(value);
      if (problem) problems.push(problem);
    }
  }
  if (tag === 'a' && node.attrs.some((a) => a.name === 'target' && a.value === '_blank')) {
    const rel = node.attrs.find((a) => a.name === 'rel')?.value.split(/\s+/) ?? [];
    if (!rel.includes('noopener') || !rel.includes('noreferrer'))
      problems.push('target=_blank without rel noopener noreferrer');
  }
  return problems;
}

function walk(node: ParsedNode, problems: string[]): void {
  if (node.nodeName === '#comment') problems.push('comment');
  if ('tagName' in node) problems.push(...elementProblems(node));
  if ('content' in node && node.content) walk(node.content as ParsedNode, problems);
  if ('childNodes' in node) node.childNodes.forEach((child) => walk(child, problems));
}

/**
 * Every executable or off-schema shape in `html`, as a browser would parse it, and again after one more
 * parse/serialise cycle (mutation XSS hides in markup that changes meaning when re-parsed).
 */
export function findExecutableShapesInHtml(html: string): string[] {
  const problems: string[] = [];
  const first = parseFragment(html);
  walk(first, problems);
  const reserialised = serialize(first);
  const second = parseFragment(reserialised);
  walk(second, problems);
  if (serialize(second) !== reserialised) problems.push('markup changes when parsed again (mutation XSS shape)');
  return [...new Set(problems)];
}

const DOCUMENT_NODES: Record<string, readonly string[]> = {
  doc: [],
  paragraph: ['textAlign'],
  heading: ['textAlign', 'level'],
  blockquote: [],
  bulletList: [],
  orderedList: ['start', 'type'],
  listItem: [],
  codeBlock: ['language'],
  horizontalRule: [],
  hardBreak: [],
  text: [],
  table: [],
  tableRow: [],
  tableCell: ['colspan', 'rowspan', 'colwidth', 'align'],
  tableHeader: ['colspan', 'rowspan', 'colwidth', 'align'],
  image: ['src', 'alt', 'title', 'width', 'height', 'align'],
};
const DOCUMENT_MARKS: Record<string, readonly string[]> = {
  bold: [],
  italic: [],
  strike: [],
  highlight: ['color'],
  textStyle: ['color', 'fontFamily'],
  link: ['href', 'target', 'rel', 'class', 'title'],
};

interface JsonNode {
  type: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: JsonNode[];
}

/** Every off-schema or unsafe shape in a document's JSON. */
export function findExecutableShapesInJson(doc: JsonNode): string[] {
  const problems: string[] = [];
  const checkAttrs = (owner: string, attrs: Record<string, unknown> | undefined, allowed: readonly string[]) => {
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (!allowed.includes(name)) problems.push(`attribute ${name} on ${owner}`);
      if (typeof value === 'string' && /[<>]/.test(value) && name !== 'alt' && name !== 'title')
        problems.push(`markup in ${owner}.${name}`);
    }
  };
  const visit = (node: JsonNode) => {
    const allowed = DOCUMENT_NODES[node.type];
    if (allowed === undefined) problems.push(`node ${node.type}`);
    else checkAttrs(node.type, node.attrs, allowed);
    if (node.type === 'image') {
      const src = String(node.attrs?.['src'] ?? '');
      if (urlProblem(src, IMAGE_SCHEMES) || (schemeOf(src) === null && !src.startsWith('/')))
        problems.push(`image source ${src}`);
    }
    for (const mark of node.marks ?? []) {
      const allowedMark = DOCUMENT_MARKS[mark.type];
      if (allowedMark === undefined) problems.push(`mark ${mark.type}`);
      else checkAttrs(mark.type, mark.attrs, allowedMark);
      if (mark.type === 'link') {
        const href = String(mark.attrs?.['href'] ?? '');
        if (schemeOf(href) === null || urlProblem(href, LINK_SCHEMES)) problems.push(`link ${href}`);
      }
      for (const value of Object.values(mark.attrs ?? {})) {
        if (typeof value === 'string' && mark.type !== 'link' && /[;{}\\]|url\s*\(|expression|script/i.test(value))
          problems.push(`style value ${value}`);
      }
    }
    node.content?.forEach(visit);
  };
  visit(doc);
  return problems;
}
