// The repository's TypeScript settings resolve modules the classic `node` way, which ignores a package's `exports`
// map, so the static renderer's sub-path entry (resolved by Node and Jest at run time) has no types for tsc. Point
// tsc at the declaration file that entry maps to. Referenced from render-html.ts so every consumer's tsc sees it.
declare module '@tiptap/static-renderer/pm/html-string' {
  export * from '@tiptap/static-renderer/dist/pm/html-string/index';
}
