// The keys unlocked in this tab: the one part of this package that must exist once per page, so the one that is a
// Module Federation singleton (`@memories/web-crypto/unlocked-journals`). The rest are functions, bundled where used.
export { UnlockedJournals, watchActivity } from './unlocked-journals';
export type { LockReason, UnlockedJournalsSnapshot } from './unlocked-journals';
export { unlockedJournals } from './default-unlocked-journals';
