import { mayChangeMemory } from './journal.types';

describe('mayChangeMemory', () => {
  it("lets a journal's owner change any memory in it, an editor their own, and a viewer none", () => {
    expect(mayChangeMemory('owner', false)).toBe(true);
    expect(mayChangeMemory('editor', true)).toBe(true);
    expect(mayChangeMemory('editor', false)).toBe(false);
    // An author made a viewer only reads, as the memory service rules.
    expect(mayChangeMemory('viewer', true)).toBe(false);
  });
});
