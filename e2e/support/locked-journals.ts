import { SEALED_FILE_CONTENT_TYPE, type JournalKeyEnvelope, type SealedMemoryContent } from '@memories/contracts';
import { createJournalKeys, sealFile, sealMemoryContent } from '@memories/web-crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authorised, type TestUser } from './accounts';
import { createMemory, uploadFile } from './memories';

// Locked journals (issue 37) seeded through the API: the keys are made and the content sealed in Node with the
// browser's own key library (WebCrypto and Argon2id run in Node too), so the server receives what a browser sends.

export interface SeededLockedJournal {
  id: string;
  /** What the server keeps: the journal key, wrapped by the passphrase and by the recovery key. */
  envelope: JournalKeyEnvelope;
  /** The journal key, for sealing here. */
  key: CryptoKey;
}

/** Makes a locked journal as Settings does: the keys made here, only the wrapped key sent. */
export async function createLockedJournal(
  request: APIRequestContext,
  owner: TestUser,
  name: string,
  passphrase: string,
): Promise<SeededLockedJournal> {
  const { journalKey, envelope } = await createJournalKeys(passphrase);
  const created = await request.post('/api/journals', {
    headers: authorised(owner),
    data: { name, keyEnvelope: envelope },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()).data as { id: string }).id, envelope, key: journalKey };
}

/** Seals an image with the journal's key and uploads it as the editor does; answers its fileUrl (`….sealed`). */
export async function uploadSealedImage(
  request: APIRequestContext,
  owner: TestUser,
  journal: SeededLockedJournal,
  image: Blob,
): Promise<string> {
  const sealed = Buffer.from(await (await sealFile(journal.key, journal.id, image)).arrayBuffer());
  return uploadFile(
    request,
    owner,
    { fileName: 'sealed-image', fileType: SEALED_FILE_CONTENT_TYPE, journalId: journal.id },
    sealed,
  );
}

/**
 * Creates a memory of the locked journal as the editor saves it: its title, content, tags and thumbnail in one
 * ciphertext, the images it uses named beside it. Answers its id and that ciphertext.
 */
export async function createSealedMemory(
  request: APIRequestContext,
  owner: TestUser,
  journal: SeededLockedJournal,
  memory: SealedMemoryContent & { date: string; isDraft?: boolean; imageUrls: string[] },
): Promise<{ id: string; ciphertext: string }> {
  const { date, isDraft, imageUrls, ...content } = memory;
  const ciphertext = await sealMemoryContent(journal.key, journal.id, content);
  const id = await createMemory(request, owner, {
    title: '',
    date,
    isDraft,
    journalId: journal.id,
    sealed: { ciphertext, imageUrls },
  });
  return { id, ciphertext };
}

/**
 * Unlocks a journal in the open unlock dialog, with its passphrase or its recovery key, and waits for the dialog to
 * close. `journalName`: the name the dialog shows (left out, any).
 */
export async function unlockIn(
  page: Page,
  secret: { passphrase: string } | { recoveryKey: string },
  journalName = '',
): Promise<void> {
  const dialog = page.getByRole('alertdialog', {
    name: new RegExp(journalName ? `^Unlock “${journalName}”` : '^Unlock “'),
  });
  if ('recoveryKey' in secret) {
    await dialog.getByRole('button', { name: 'Use the recovery key instead' }).click();
    await dialog.getByLabel('Recovery key').fill(secret.recoveryKey);
  } else {
    await dialog.getByLabel('Passphrase').fill(secret.passphrase);
  }
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog).toBeHidden();
}
