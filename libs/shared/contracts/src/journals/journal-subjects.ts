import type { SubjectPattern } from '../bus/subjects';

/** Request/reply subjects of journals and their members (memory service). */
export const JOURNAL_SUBJECTS = {
  list: 'memory.journals.list',
  create: 'memory.journals.create',
  update: 'memory.journals.update',
  delete: 'memory.journals.delete',
  /** A locked journal's wrapped key, for its owner's browser to unlock it. */
  key: 'memory.journal-keys.get',
  /** A new passphrase: the same journal key, wrapped again. */
  rekey: 'memory.journal-keys.update',
  memories: 'memory.journal-memories.list',
  members: 'memory.journal-members.list',
  addMember: 'memory.journal-members.add',
  updateMember: 'memory.journal-members.update',
  removeMember: 'memory.journal-members.remove',
} as const satisfies Record<string, SubjectPattern>;
