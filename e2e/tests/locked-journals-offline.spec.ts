import type { MemoryInput } from '@memories/contracts';
import { expect, test, type Page } from '@playwright/test';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { createLockedJournal, createSealedMemory, unlockIn, uploadSealedImage } from '../support/locked-journals';
import { ONE_PIXEL_PNG, savedOnDeviceNotice, waitingSaves } from '../support/memories';
import { indexedDbRecords, openControlled, placesHolding } from '../support/service-worker';

// A locked journal offline (issue 37): its wrapped key, its memories and their images are kept on the device as the
// ciphertext they are, so that with no network the journal still unlocks with its passphrase and its memory reads,
// image and all; an edit made offline waits in the outbox sealed and is sent when the network returns. The proof:
// nothing the device keeps (IndexedDB, Cache Storage, Web Storage) and nothing sent holds a word of it, the
// passphrase or a byte of the image that is its own.

test.use({ serviceWorkers: 'allow' });

const PASSPHRASE = 'copper meadow falcon';
// Words no other test writes, and a real PNG with a marker after its end that no other test uploads.
const SECRET_TITLE = 'Brindlewick ferry';
const SECRET_TEXT = 'The quorbish waits by the pier.';
const EDITED_TITLE = 'Brindlewick ferry and the snarvelt';
const IMAGE_ALT = 'Marmoset at dawn';
const IMAGE_MARKER = 'tapir-ember-91c2';
const SECRET_PNG = Buffer.concat([ONE_PIXEL_PNG, Buffer.from(IMAGE_MARKER)]);
const SECRETS = ['Brindlewick', 'quorbish', 'snarvelt', 'Marmoset', IMAGE_MARKER, PASSPHRASE];

const READING_DATABASE = 'memories-offline-reading';
/** The pages of the list the device keeps (KEPT_LIST_LIMIT in libs/web/offline): the oldest make room for new ones. */
const KEPT_LIST_PAGES = 10;

/** The memory's image, shown from its decrypted copy (an object URL), not from the encrypted file. */
async function expectImageShown(page: Page): Promise<void> {
  const image = page.getByRole('article').getByRole('img', { name: IMAGE_ALT });
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
}

test('a locked journal unlocks offline with its passphrase, shows its image, and keeps and sends only ciphertext, also of an edit made offline', async ({
  page,
  context,
  request,
}) => {
  const owner = await signUp(request, 'locked-offline', 'Lin Locked');
  const vault = await createLockedJournal(request, owner, 'Vault', PASSPHRASE);
  const imageUrl = await uploadSealedImage(
    request,
    owner,
    vault,
    new Blob([new Uint8Array(SECRET_PNG)], { type: 'image/png' }),
  );
  const { id, ciphertext } = await createSealedMemory(request, owner, vault, {
    title: SECRET_TITLE,
    date: '2026-04-12',
    isDraft: true,
    contentJson: JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: SECRET_TEXT }] },
        { type: 'image', attrs: { src: imageUrl, alt: IMAGE_ALT } },
      ],
    }),
    tags: [],
    thumbnailUrl: '',
    imageUrls: [imageUrl],
  });
  // The encrypted image's tag (its last 16 bytes, as Latin-1): where the device keeps the image, this is found.
  const sealedImageTag = (await (await request.get(imageUrl, { headers: authorised(owner) })).body())
    .subarray(-16)
    .toString('latin1');
  const wrappedKey = vault.envelope.passphrase.wrappedKey;
  const sent: Buffer[] = [];
  page.on('request', (sending) => sent.push(sending.postDataBuffer() ?? Buffer.alloc(0)));
  await signInWithCookie(page, owner);

  // Online once, unlocked: the memory, its encrypted image and the journal's wrapped key are kept on this device.
  await openControlled(page, `/memory/${id}`);
  await page.getByTestId('locked-memory').getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { passphrase: PASSPHRASE }, 'Vault');
  await expect(page.getByText(SECRET_TEXT)).toBeVisible();
  await expectImageShown(page);
  const keptImage = `cache memories-kept-files-${owner.id}: ${new URL(imageUrl, page.url()).href}`;
  const inReadingDatabase = expect.arrayContaining([expect.stringContaining(`indexedDB ${READING_DATABASE}/`)]);
  await expect
    .poll(() => placesHolding(page, [ciphertext, wrappedKey, sealedImageTag]))
    .toEqual({
      [ciphertext]: inReadingDatabase,
      [wrappedKey]: inReadingDatabase,
      [sealedImageTag]: expect.arrayContaining([keptImage]),
    });

  // Read on: the dashboard keeps a page of the list per search, and makes room by the oldest; the key stays kept.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  for (let search = 0; search < KEPT_LIST_PAGES; search += 1) {
    const word = `harbour${search}`;
    const answered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/memories/search' && url.searchParams.get('q') === word;
    });
    await page.getByLabel('Search memories').fill(word);
    await answered;
  }
  await expect.poll(async () => (await indexedDbRecords(page, READING_DATABASE, 'lists')).length).toBe(KEPT_LIST_PAGES);

  // Offline, a new load knows no key: the kept wrapped key opens with the passphrase, the kept image with the key.
  // The kept list of journals still names the one to unlock.
  await context.setOffline(true);
  await page.goto(`/memory/${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Offline — showing your copy from' })).toBeVisible();
  await expect(page.getByText(SECRET_TEXT)).toHaveCount(0);
  const notice = page.getByTestId('locked-memory');
  await expect(notice.getByRole('heading', { name: 'This memory is in the locked journal “Vault”' })).toBeVisible();
  await notice.getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { passphrase: PASSPHRASE }, 'Vault');
  await expect(page.getByText(SECRET_TEXT)).toBeVisible();
  await expectImageShown(page);

  // Edited offline: the save waits in the outbox, sealed.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Memory Title *')).toHaveValue(SECRET_TITLE);
  await page.getByLabel('Memory Title *').fill(EDITED_TITLE);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(savedOnDeviceNotice(page)).toBeVisible();
  await expect(waitingSaves(page)).toHaveText('1 change waiting to be sent');
  const outbox = `memories-outbox-${owner.id}`;
  const [waiting, ...more] = await indexedDbRecords<{ memoryId: string; input: MemoryInput }>(page, outbox, 'saves');
  expect(more).toEqual([]);
  expect(waiting).toMatchObject({
    memoryId: id,
    input: { title: '', contentJson: '', tags: [], sealed: { ciphertext: expect.any(String), imageUrls: [imageUrl] } },
  });
  const editedCiphertext = waiting.input.sealed?.ciphertext ?? '';
  expect(editedCiphertext).not.toBe(ciphertext);

  // All the device keeps is ciphertext: the memory, the edit, the wrapped key and the image are there, sealed.
  const places = await placesHolding(page, [...SECRETS, ciphertext, editedCiphertext, wrappedKey, sealedImageTag]);
  for (const secret of SECRETS) expect(places[secret], `${secret} kept on this device`).toEqual([]);
  expect(places[ciphertext]).toEqual(inReadingDatabase);
  expect(places[editedCiphertext]).toContain(`indexedDB ${outbox}/saves`);
  expect(places[wrappedKey]).toEqual(inReadingDatabase);
  expect(places[sealedImageTag]).toContain(keptImage);

  // Online again: the edit is sent as it waited, and the server holds the new ciphertext only.
  await context.setOffline(false);
  await expect(waitingSaves(page)).toBeHidden();
  await expect.poll(() => indexedDbRecords(page, outbox, 'saves')).toEqual([]);
  const stored = await (await request.get(`/api/memories/memory/${id}`, { headers: authorised(owner) })).text();
  expect(JSON.parse(stored).data).toMatchObject({
    title: '',
    version: 2,
    sealed: { ciphertext: editedCiphertext, imageUrls: [imageUrl] },
  });
  for (const secret of SECRETS) expect(stored, `${secret} on the server`).not.toContain(secret);
  for (const body of sent) for (const secret of SECRETS) expect(body.includes(secret), `${secret} sent`).toBe(false);

  // Opened again in a new load, unlocked: the edit, and the image.
  await page.goto(`/memory/${id}`);
  await page.getByTestId('locked-memory').getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { passphrase: PASSPHRASE }, 'Vault');
  await expect(page.getByRole('heading', { name: EDITED_TITLE })).toBeVisible();
  await expect(page.getByText(SECRET_TEXT)).toBeVisible();
  await expectImageShown(page);
});
