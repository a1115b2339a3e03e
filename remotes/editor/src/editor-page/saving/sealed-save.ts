import { JournalLockedError, journalSealing, sealInput, withoutPlaintext } from '@memories/web-journals';
import type { MemorySaveRequest } from '@memories/web-offline';

/** The journal a save goes to: the one it names, else the one the memory is in (a create without one: the default). */
function journalOf(request: MemorySaveRequest): string | undefined {
  return request.input.journalId || (request.kind === 'update' ? request.base.journalId : undefined);
}

/**
 * A save as it may leave the editor: into a locked journal, its content sealed with the journal's key and its base
 * version without the opened text, so that neither the server nor the device's outbox ever holds it in plain text.
 * A locked journal that is not unlocked in this tab refuses the save (JournalLockedError) instead of sending text.
 */
export async function sealedForItsJournal(request: MemorySaveRequest): Promise<MemorySaveRequest> {
  const journalId = journalOf(request);
  const sealing = journalSealing(journalId, request.kind === 'update' ? request.base : null);
  if (sealing.kind === 'plain') return request;
  if (sealing.kind === 'locked' || !journalId) throw new JournalLockedError(journalId ?? '');
  const input = await sealInput(request.input, sealing.key, journalId);
  return request.kind === 'update'
    ? { ...request, input, base: withoutPlaintext(request.base) }
    : { ...request, input };
}

/** Whether edits to a memory of `journalId` may be mirrored on this device in plain text (never a locked journal's). */
export function mayMirrorInPlainText(journalId: string | undefined, memory: Parameters<typeof journalSealing>[1]) {
  return journalSealing(journalId, memory).kind === 'plain';
}
