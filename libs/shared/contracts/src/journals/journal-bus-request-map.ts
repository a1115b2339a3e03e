import type { JournalMemoryPage, MemoryListQuery } from '../memories/memory-payloads';
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

/** A journal as the memory service answers it: the gateway turns `ownerId` into the owner's summary. */
export interface JournalRecord extends Omit<Journal, 'owner'> {
  ownerId: string;
}

/** Members by user id; the gateway adds names and e-mails from the auth service. */
export type JournalMemberRecord = Omit<JournalMember, 'name' | 'email' | 'profileImageUrl'>;

export interface JournalBusRequestMap {
  [JOURNAL_SUBJECTS.list]: { payload: Record<string, never>; result: JournalRecord[] };
  [JOURNAL_SUBJECTS.create]: { payload: JournalCreateInput; result: JournalRecord };
  [JOURNAL_SUBJECTS.update]: { payload: JournalIdPayload & JournalUpdateInput; result: JournalRecord };
  [JOURNAL_SUBJECTS.delete]: { payload: DeleteJournalPayload; result: DeletedJournal };
  [JOURNAL_SUBJECTS.key]: { payload: JournalIdPayload; result: JournalKeyEnvelope };
  [JOURNAL_SUBJECTS.rekey]: { payload: JournalIdPayload & { keyEnvelope: JournalKeyEnvelope }; result: JournalRecord };
  [JOURNAL_SUBJECTS.memories]: { payload: JournalIdPayload & MemoryListQuery; result: JournalMemoryPage };
  [JOURNAL_SUBJECTS.members]: { payload: JournalIdPayload; result: JournalMemberRecord[] };
  [JOURNAL_SUBJECTS.addMember]: { payload: AddJournalMemberPayload; result: JournalMemberRecord };
  [JOURNAL_SUBJECTS.updateMember]: { payload: UpdateJournalMemberPayload; result: JournalMemberRecord };
  [JOURNAL_SUBJECTS.removeMember]: { payload: RemoveJournalMemberPayload; result: { removed: true } };
}
