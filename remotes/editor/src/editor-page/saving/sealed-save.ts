import { listImageSources, type MemoryDocument } from '@memories/editor-schema';
import { isSealedFileUrl, SEALED_FILE_EXTENSION, type MemoryInput } from '@memories/contracts';
import { JournalLockedError, journalSealing, sealInput, withoutPlaintext } from '@memories/web-journals';
import type { MemorySaveRequest } from '@memories/web-offline';

/** Why a save into a locked journal is refused: an image in it was uploaded before, unencrypted. */
export const PLAIN_IMAGE_IN_LOCKED_JOURNAL =
  'Images added before this memory went into a locked journal are not encrypted. Remove them and add them again.';
/** Why a save out of a locked journal is refused: its images are encrypted with that journal's key. */
export const SEALED_IMAGE_OUTSIDE_LOCKED_JOURNAL =
  'Images added in a locked journal can only be shown there. Remove them, or choose the locked journal again.';

/** The images the save's document uses. */
function imageSourcesOf(input: MemoryInput): string[] {
  const document = typeof input.contentJson === 'string' ? JSON.parse(input.contentJson) : input.contentJson;
  return listImageSources(document as MemoryDocument);
}

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
  if (sealing.kind === 'plain') {
    // Parsed only when an encrypted image may be in it: most saves are plain and have none.
    const mayHoldSealed = JSON.stringify(request.input.contentJson).includes(`.${SEALED_FILE_EXTENSION}`);
    if (mayHoldSealed && imageSourcesOf(request.input).some(isSealedFileUrl))
      throw new Error(SEALED_IMAGE_OUTSIDE_LOCKED_JOURNAL);
    return request;
  }
  if (sealing.kind === 'locked' || !journalId) throw new JournalLockedError(journalId ?? '');
  const images = imageSourcesOf(request.input);
  if (images.some((src) => !isSealedFileUrl(src))) throw new Error(PLAIN_IMAGE_IN_LOCKED_JOURNAL);
  const input = await sealInput(request.input, sealing.key, journalId, images);
  return request.kind === 'update'
    ? { ...request, input, base: withoutPlaintext(request.base) }
    : { ...request, input };
}

/** Whether edits to a memory of `journalId` may be mirrored on this device in plain text (never a locked journal's). */
export function mayMirrorInPlainText(journalId: string | undefined, memory: Parameters<typeof journalSealing>[1]) {
  return journalSealing(journalId, memory).kind === 'plain';
}
