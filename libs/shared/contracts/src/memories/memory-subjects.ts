import type { SubjectPattern } from '../bus/subjects';

/** Request/reply subjects of the memory service, and its events (past tense, never queued). */
export const MEMORY_SUBJECTS = {
  create: 'memory.memories.create',
  update: 'memory.memories.update',
  get: 'memory.memories.get',
  delete: 'memory.memories.delete',
  publish: 'memory.memories.publish',
  list: 'memory.memories.list',
  search: 'memory.memories.search',
  tags: 'memory.tags.list',
  share: 'memory.memories.share',
  shared: 'memory.shared.list',
  /** Asked by the upload service: which of an owner's file URLs their memories use (clean-up). */
  imagesReferenced: 'memory.images.referenced',
  /** Asked by the upload service: may the caller read a memory of the file's owner that uses the file. */
  imageReadable: 'memory.images.readable',
} as const satisfies Record<string, SubjectPattern>;

export const MEMORY_EVENTS = {
  created: 'memory.memory.created',
  /** Every stored change of a memory's content (saves, auto-saves, restores) and its publication. */
  updated: 'memory.memory.updated',
  deleted: 'memory.memory.deleted',
} as const satisfies Record<string, SubjectPattern>;

/** Asked by the memory service: the auth service's user lookup (owner e-mail, share recipients). */
export const USER_LOOKUP_SUBJECT = 'auth.users.lookup' as const satisfies SubjectPattern;
