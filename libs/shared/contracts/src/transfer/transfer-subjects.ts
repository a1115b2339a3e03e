import type { SubjectPattern } from '../bus/subjects';

/** Asked by the upload service's transfer jobs: the memory service's pages of a journal, out and in. */
export const TRANSFER_SUBJECTS = {
  exportPage: 'memory.memories.export',
  importPage: 'memory.memories.import',
} as const satisfies Record<string, SubjectPattern>;
