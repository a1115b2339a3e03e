import type {
  Journal,
  JournalCreateInput,
  JournalKeyEnvelope,
  JournalMember,
  JournalMemberInput,
  JournalMemberRole,
  JournalUpdateInput,
  Memory,
  MemoryListQuery,
} from '@memories/contracts';
import type { ApiClient } from '../api-client';
import type { WithMessage } from '../account-security/account-security-api';
import type { MemoryCallOptions } from '../memories/memories-api';
import { listFrom, type MemoryList } from '../memories/memory-list';

/** Shown when the server gives no message of its own. */
export const JOURNAL_FALLBACK_MESSAGES = {
  list: 'Could not load your journals',
  change: 'Could not change the journal',
  memories: 'Could not load the journal’s memories',
  members: 'Could not change the journal’s members',
  key: 'Could not load the journal’s key',
} as const;

/** Journals, their members, a journal's memories and a locked journal's wrapped key. */
export interface JournalsApi {
  list(options?: MemoryCallOptions): Promise<Journal[]>;
  create(input: JournalCreateInput): Promise<WithMessage<Journal>>;
  update(id: string, changes: JournalUpdateInput): Promise<WithMessage<Journal>>;
  /** `moveTo`: where the journal's memories go; without it only an empty journal can be deleted. */
  remove(id: string, moveTo?: string): Promise<WithMessage<unknown>>;
  memories(id: string, query: MemoryListQuery, options?: MemoryCallOptions): Promise<MemoryList>;
  members(id: string, options?: MemoryCallOptions): Promise<JournalMember[]>;
  addMember(id: string, member: JournalMemberInput): Promise<WithMessage<JournalMember>>;
  updateMember(id: string, userId: string, role: JournalMemberRole): Promise<WithMessage<JournalMember>>;
  /** Removes a member; the caller's own id leaves the journal. */
  removeMember(id: string, userId: string): Promise<WithMessage<unknown>>;
  key(id: string, options?: MemoryCallOptions): Promise<JournalKeyEnvelope>;
  rekey(id: string, keyEnvelope: JournalKeyEnvelope): Promise<WithMessage<Journal>>;
}

const withMessage = <T>({ data, message }: { data: T; message?: string }): WithMessage<T> => ({ data, message });

export function createJournalsApi(client: ApiClient): JournalsApi {
  const change = { fallbackMessage: JOURNAL_FALLBACK_MESSAGES.change };
  const members = { fallbackMessage: JOURNAL_FALLBACK_MESSAGES.members };
  const journal = (id: string) => `/journals/${encodeURIComponent(id)}`;
  const member = (id: string, userId: string) => `${journal(id)}/members/${encodeURIComponent(userId)}`;
  return {
    list: async (options) =>
      (await client.get<Journal[]>('/journals', { ...options, fallbackMessage: JOURNAL_FALLBACK_MESSAGES.list })).data,
    create: async (input) => withMessage(await client.post<Journal>('/journals', input, change)),
    update: async (id, changes) =>
      withMessage(await client.request<Journal>('PATCH', journal(id), { ...change, body: changes })),
    remove: async (id, moveTo) =>
      withMessage(await client.delete<unknown>(journal(id), { ...change, query: moveTo ? { moveTo } : undefined })),
    memories: async (id, query, options) => {
      const answer = await client.get<Memory[]>(`${journal(id)}/memories`, {
        ...options,
        query: { ...query },
        fallbackMessage: JOURNAL_FALLBACK_MESSAGES.memories,
      });
      return listFrom(answer.data, answer.pagination);
    },
    members: async (id, options) =>
      (await client.get<JournalMember[]>(`${journal(id)}/members`, { ...options, ...members })).data,
    addMember: async (id, input) =>
      withMessage(await client.post<JournalMember>(`${journal(id)}/members`, input, members)),
    updateMember: async (id, userId, role) =>
      withMessage(await client.request<JournalMember>('PATCH', member(id, userId), { ...members, body: { role } })),
    removeMember: async (id, userId) => withMessage(await client.delete<unknown>(member(id, userId), members)),
    key: async (id, options) =>
      (
        await client.get<JournalKeyEnvelope>(`${journal(id)}/key`, {
          ...options,
          fallbackMessage: JOURNAL_FALLBACK_MESSAGES.key,
        })
      ).data,
    rekey: async (id, keyEnvelope) =>
      withMessage(await client.request<Journal>('PUT', `${journal(id)}/key`, { ...change, body: { keyEnvelope } })),
  };
}
