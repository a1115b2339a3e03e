import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { AnyExtension } from '@tiptap/core';
import { getSchema } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { ATTRIBUTE_RULES } from './attribute-rules';
import { createExtensions } from './create-extensions';
import { MemoryImage } from './memory-image.extension';

const flatten = (extensions: readonly AnyExtension[]): AnyExtension[] =>
  extensions.flatMap((extension) => [
    extension,
    ...flatten((extension.config.addExtensions?.call(extension as never) as AnyExtension[] | undefined) ?? []),
  ]);
const findExtension = (name: string) => {
  const found = flatten(createExtensions()).find((extension) => extension.name === name);
  if (!found) throw new Error(`no extension ${name}`);
  return found;
};

/** What a schema accepts, without its functions: names, attributes and defaults, content and groups. */
const shapeOf = (target: Schema) =>
  [...Object.values(target.nodes), ...Object.values(target.marks)].map(({ name, spec }) => ({
    name,
    attrs: Object.fromEntries(
      Object.entries(spec.attrs ?? {}).map(([key, attr]) => [key, (attr as { default?: unknown }).default]),
    ),
    content: 'content' in spec ? spec.content : undefined,
    group: spec.group,
    marks: 'marks' in spec ? spec.marks : undefined,
    inline: 'inline' in spec ? spec.inline : undefined,
  }));

describe('createExtensions', () => {
  const schema = getSchema(createExtensions());

  it('defines exactly the nodes and marks of the product', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'codeBlock',
        'doc',
        'hardBreak',
        'heading',
        'horizontalRule',
        'image',
        'listItem',
        'orderedList',
        'paragraph',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'text',
      ].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'highlight', 'italic', 'link', 'strike', 'textStyle']);
  });

  it('has a value rule for every attribute of the schema, and none for attributes it lacks', () => {
    const schemaAttributes = [...Object.values(schema.nodes), ...Object.values(schema.marks)].map((type) => [
      type.name,
      Object.keys(type.spec.attrs ?? {}).sort(),
    ]);
    const ruledAttributes = schemaAttributes.map(([name]) => [
      name,
      Object.keys(ATTRIBUTE_RULES[name as string] ?? { missing: true }).sort(),
    ]);
    expect(ruledAttributes).toEqual(schemaAttributes);
  });

  it('gives the document the attributes of the spec', () => {
    expect(Object.keys(schema.nodes['image'].spec.attrs ?? {})).toEqual([
      'src',
      'alt',
      'title',
      'width',
      'height',
      'align',
    ]);
    expect(Object.keys(schema.marks['link'].spec.attrs ?? {})).toEqual(
      expect.arrayContaining(['href', 'target', 'rel', 'class']),
    );
    expect(Object.keys(schema.nodes['tableCell'].spec.attrs ?? {})).toEqual(
      expect.arrayContaining(['colspan', 'rowspan', 'colwidth']),
    );
    expect(Object.keys(schema.nodes['orderedList'].spec.attrs ?? {})).toContain('start');
    expect(Object.keys(schema.nodes['heading'].spec.attrs ?? {})).toEqual(
      expect.arrayContaining(['level', 'textAlign']),
    );
    expect(Object.keys(schema.nodes['paragraph'].spec.attrs ?? {})).toEqual(['textAlign']);
    expect(Object.keys(schema.marks['highlight'].spec.attrs ?? {})).toEqual(['color']);
    expect(Object.keys(schema.marks['textStyle'].spec.attrs ?? {}).sort()).toEqual(['color', 'fontFamily']);
  });

  it('keeps 100 undo steps, grouping edits closer than 500 ms', () => {
    expect(findExtension('starterKit').options.undoRedo).toEqual({ depth: 100, newGroupDelay: 500 });
  });

  it('sizes tables as the spec says: resizable, 25 px minimum cell width, 5 px handle', () => {
    expect(findExtension('tableKit').options.table).toEqual({ resizable: true, cellMinWidth: 25, handleWidth: 5 });
  });

  it('aligns headings and paragraphs left, center, right or justify', () => {
    expect(findExtension('textAlign').options).toMatchObject({
      types: ['heading', 'paragraph'],
      alignments: ['left', 'center', 'right', 'justify'],
    });
  });

  it('lets the editor make links only with the allowed schemes', () => {
    const { isAllowedUri } = findExtension('starterKit').options.link;
    const context = { defaultValidate: () => true, protocols: [], defaultProtocol: 'https' };
    expect(isAllowedUri('https://example.com', context)).toBe(true);
    expect(isAllowedUri('xmpp:me@example.com', context)).toBe(true);
    expect(isAllowedUri('JaVaScRiPt:alert(1)', context)).toBe(false);
    expect(isAllowedUri('data:text/html,x', context)).toBe(false);
  });

  it('leaves out inline code and underline, which are not in the toolbar', () => {
    expect(findExtension('starterKit').options).toMatchObject({ code: false, underline: false });
  });

  it('passes the file URL prefix to the image node', () => {
    const image = createExtensions({ fileUrlPrefix: '/api/files/' }).find((extension) => extension.name === 'image');
    expect(image?.options.fileUrlPrefix).toBe('/api/files/');
  });

  it('takes the editor’s extended image node in place of the base one, with the same schema', () => {
    const addNodeView = () => null;
    const WithView = MemoryImage.extend({ addNodeView });
    const extensions = createExtensions({ image: WithView });
    expect(extensions.filter((extension) => extension.name === 'image')).toHaveLength(1);
    expect(
      (extensions.find((extension) => extension.name === 'image')?.config as { addNodeView?: unknown }).addNodeView,
    ).toBe(addNodeView);
    expect(shapeOf(getSchema(extensions))).toEqual(shapeOf(schema));
  });
});

describe('the package entries', () => {
  const root = path.resolve(__dirname, '..');
  const modulesLoadedBy = (entry: string): string[] => {
    const script = `require(${JSON.stringify(entry)}); console.log(JSON.stringify({ dom: typeof document, modules: Object.keys(require.cache) }));`;
    const result = spawnSync(process.execPath, ['--require', 'tsx/cjs', '--eval', script], {
      cwd: root,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(result.stderr);
    const { dom, modules } = JSON.parse(result.stdout) as { dom: string; modules: string[] };
    expect(dom).toBe('undefined');
    return modules
      .map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1])
      .filter((name): name is string => name !== undefined);
  };

  it('loads the server entry in plain Node, without a DOM and without React', () => {
    const packages = modulesLoadedBy('./src/server.ts');
    expect(packages).toEqual(expect.arrayContaining(['@tiptap/static-renderer', 'sanitize-html', 'parse5']));
    expect(packages).not.toContain('react');
    expect(packages).not.toContain('react-dom');
  });

  it('keeps the sanitiser and its parsers out of the browser entry', () => {
    const packages = modulesLoadedBy('./src/index.ts');
    expect(packages).toContain('@tiptap/core');
    expect(packages).not.toEqual(expect.arrayContaining(['sanitize-html']));
    expect(
      packages.filter((name) =>
        ['sanitize-html', 'parse5', 'htmlparser2', 'postcss', '@tiptap/static-renderer', 'react'].includes(name),
      ),
    ).toEqual([]);
  }, 20_000);
});
