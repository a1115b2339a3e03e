export { JournalsStore } from './store/journals-store';
export type { JournalsState } from './store/journals-store';
// The store itself is imported by its own name (`@memories/web-journals/journals-store`): re-exported here, it would
// load with every page that imports anything of this package.
export { useJournals } from './store/useJournals';
export { JournalBadge } from './components/JournalBadge';
export type { JournalBadgeProps } from './components/JournalBadge';
export {
  DEFAULT_IDLE_LOCK_MINUTES,
  IDLE_LOCK_CHOICES,
  idleLockMinutes,
  setIdleLockMinutes,
  startJournalLocking,
} from './locked/journal-locking';
export type { IdleLockMinutes } from './locked/journal-locking';
export { useJournalKey, useUnlockedJournalIds } from './locked/useJournalKey';
export { forgetJournalEnvelope, unlockJournal } from './locked/journal-unlocking';
export type { JournalSecret } from './locked/journal-unlocking';
export { UnlockJournalDialog } from './locked/UnlockJournalDialog';
export type { UnlockJournalDialogProps } from './locked/UnlockJournalDialog';
export {
  isSealed,
  openMemory,
  openSealedContent,
  openSealedText,
  sealInput,
  withoutPlaintext,
} from './locked/sealed-memories';
export type { OpenedContent, OpenedText } from './locked/sealed-memories';
export { useOpenedMemory, useOpenedSealed } from './locked/useOpenedMemory';
export type { OpenedMemory, OpenedSealed, Sealable } from './locked/useOpenedMemory';
export { LockedMemoryNotice } from './locked/LockedMemoryNotice';
export type { LockedMemoryNoticeProps } from './locked/LockedMemoryNotice';
export { isInLockedJournal, journalSealing } from './locked/journal-sealing';
export { SealedImagesProvider, uploadSealedImage } from './locked/SealedImages';
export { makeDecryptedArchive } from './locked/decrypted-archive';
export type { DecryptedArchive, DecryptedArchiveOptions, DecryptedArchiveProgress } from './locked/decrypted-archive';
export type { JournalSealing } from './locked/journal-sealing';
export { JournalLockedError } from '@memories/web-crypto';
export { fetchLockedJournalEarly, loadLockedJournalSearch } from './locked/locked-search-loader';
export type {
  LockedJournalSearch,
  LockedSearchOptions,
  LockedSearchProgress,
  LockedSearchRequest,
} from './locked/locked-journal-search';
