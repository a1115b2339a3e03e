/**
 * The search inside a locked journal (locked-journal-search.ts), loaded when a page first asks for it: only a person
 * who chooses a locked journal to search needs it, and most pages never do.
 */
export const loadLockedJournalSearch = () => import('./locked-journal-search');

/** `fetchLockedJournalEarly` of the search, which it loads first (the unlock it runs beside takes far longer). */
export function fetchLockedJournalEarly(journalId: string, expected: number): void {
  void loadLockedJournalSearch().then(
    (search) => search.fetchLockedJournalEarly(journalId, expected),
    // The search itself loads it again and reports what failed.
    () => undefined,
  );
}
