import type { MemoryListQuery, MemoryPage } from '../memories/memory-payloads';
import type {
  Journal,
  JournalCreateInput,
  JournalMember,
  JournalMemberRole,
  JournalUpdateInput,
} from './journal.types';
import type { JournalKeyEnvelope } from './locked-journal';
import type { JOURNAL_SUBJECTS } from './journal-subjects';

export interface JournalIdPayload {
  journalId: string;
}

/** The gateway has looked the member up by e-mail (auth service) and sends their id. */
export interface AddJournalMemberPayload extends JournalIdPayload {
  userId: string;
  role: JournalMemberRole;
}

export interface UpdateJournalMemberPayload extends JournalIdPayload {
  userId: string;
  role: JournalMemberRole;
}

export interface RemoveJournalMemberPayload extends JournalIdPayload {
  userId: string;
}

export interface DeleteJournalPayload extends JournalIdPayload {
  moveTo?: string;
}

/** What a delete answers: how many memories moved, and where. */
export interface DeletedJournal {
  id: string;
  movedMemories: number;
}

/** Members by user id; the gateway adds names and e-mails from the auth service. */
export type JournalMemberRecord = Omit<JournalMember, 'name' | 'email' | 'profileImageUrl'>;

export interface JournalBusRequestMap {
  [JOURNAL_SUBJECTS.list]: { payload: Record<string, never>; result: Journal[] };
  [JOURNAL_SUBJECTS.create]: { payload: JournalCreateInput; result: Journal };
  [JOURNAL_SUBJECTS.update]: { payload: JournalIdPayload & JournalUpdateInput; result: Journal };
  [JOURNAL_SUBJECTS.delete]: { payload: DeleteJournalPayload; result: DeletedJournal };
  [JOURNAL_SUBJECTS.key]: { payload: JournalIdPayload; result: JournalKeyEnvelope };
  [JOURNAL_SUBJECTS.rekey]: { payload: JournalIdPayload & { keyEnvelope: JournalKeyEnvelope }; result: Journal };
  [JOURNAL_SUBJECTS.memories]: { payload: JournalIdPayload & MemoryListQuery; result: MemoryPage };
  [JOURNAL_SUBJECTS.members]: { payload: JournalIdPayload; result: JournalMemberRecord[] };
  [JOURNAL_SUBJECTS.addMember]: { payload: AddJournalMemberPayload; result: JournalMemberRecord };
  [JOURNAL_SUBJECTS.updateMember]: { payload: UpdateJournalMemberPayload; result: JournalMemberRecord };
  [JOURNAL_SUBJECTS.removeMember]: { payload: RemoveJournalMemberPayload; result: { removed: true } };
}
