import { expect as baseExpect } from '@playwright/test';

/**
 * `expect` with room for a first load: a remote's first page (the editor with Tiptap above all) can take several
 * seconds on a busy 2-core CI runner, longer than Playwright's default 5 s, without anything being wrong.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });
