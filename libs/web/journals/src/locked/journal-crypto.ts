/**
 * The journals' cryptography (deriving and unwrapping keys, sealing and opening), loaded with the first thing sealed or
 * opened: a page of plain memories never loads it. Its error classes and the store of unlocked keys are small and
 * imported where they are needed.
 */
export const journalCrypto = () => import('@memories/web-crypto');
