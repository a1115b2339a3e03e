/**
 * Image sources taken out of a memory's content during this browser session (spec section 3, "Local settings"):
 * the server is asked to delete them after a save, unless the content uses them again.
 */
const KEY = 'editorRemovedImages';

function read(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((src): src is string => typeof src === 'string') : []);
  } catch {
    return new Set();
  }
}

function write(sources: Set<string>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...sources]));
  } catch {
    // Storage disabled: the clean-up of this session is skipped; the files stay, which loses nothing.
  }
}

export const removedImages = {
  /** Records what left the content and forgets what came back (an undo). */
  track(previous: readonly string[], current: readonly string[]): void {
    const sources = read();
    const removed = previous.filter((src) => !current.includes(src) && !sources.has(src));
    const restored = current.filter((src) => sources.has(src));
    if (removed.length === 0 && restored.length === 0) return;
    removed.forEach((src) => sources.add(src));
    restored.forEach((src) => sources.delete(src));
    write(sources);
  },
  /** The removed sources the content no longer uses. */
  pending(inUse: readonly string[]): string[] {
    return [...read()].filter((src) => !inUse.includes(src));
  },
  forget(done: readonly string[]): void {
    const sources = read();
    for (const src of done) sources.delete(src);
    write(sources);
  },
};
