import { UnlockedJournals } from './unlocked-journals';

/** The page's one store of unlocked journal keys (this package is a Module Federation singleton). */
export const unlockedJournals = new UnlockedJournals();
