import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { unzipBytes } from '@memories/server-testing/archives';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { backUpSuiteInstance } from '../support/instance-backup';
import { unlockIn } from '../support/locked-journals';
import { ONE_PIXEL_PNG, saveDraftInEditor } from '../support/memories';

// A locked journal in the browser (issue 37): the editor seals what it writes, the server keeps only ciphertext, and
// the memory opens again only where the journal is unlocked, with the passphrase or the recovery key. Its image is
// sealed before it is uploaded and shown from its decrypted copy, and its owner can download it decrypted, made in the
// browser. The proof: no request body, API answer, search, export entry, backed-up row or file, or log line holds a
// word of it or a byte of the image that is its own.

const PASSPHRASE = 'violet harbour lantern';

/**
 * Words no other test writes, found anywhere on the server only if they were sent in plain text; an image's name and
 * bytes are the person's too (a real PNG, with a marker after its end). New for every run of the test: the test ends
 * by importing them in plain text, as their owner asks, so a retry or a repeat against the same server must not
 * find the last run's.
 */
function secretsOfThisRun() {
  const run = randomBytes(4).toString('hex');
  const imageMarker = `okapi-lantern-${run}`;
  return {
    run,
    title: `Quetzal${run} orchard`,
    word: `zyzzogeton${run}`,
    imageName: `pangolin${run}-dawn.png`,
    png: Buffer.concat([ONE_PIXEL_PNG, Buffer.from(imageMarker)]),
    all: [`zyzzogeton${run}`, `Quetzal${run}`, imageMarker, `pangolin${run}`],
  };
}

test('a locked journal: written sealed in the editor, read only where it is unlocked, with passphrase or recovery key', async ({
  page,
  request,
}) => {
  const secret = secretsOfThisRun();
  const expectNoSecretIn = (what: string, bytes: Buffer) => {
    for (const each of secret.all) expect(bytes.includes(each), `${each} in ${what}`).toBe(false);
  };
  const user = await signUp(request, 'locked', 'Lou Locked');
  await signInWithCookie(page, user);

  // Made in Settings: the keys are made in this browser, the recovery key is shown once and offered as a file.
  await page.goto('/settings/journals');
  await page.getByRole('button', { name: 'New journal' }).click();
  const form = page.getByRole('alertdialog', { name: 'New journal' });
  await form.getByLabel(/^Name/).fill('Vault');
  await form.getByLabel(/Lock it with a passphrase/).check();
  await expect(form.getByRole('note')).toContainText('the journal is gone for good');
  await form.getByLabel(/^Passphrase\s*\*?$/).fill(PASSPHRASE);
  await form.getByLabel(/Passphrase again/).fill(PASSPHRASE);
  await form.getByLabel(/I understand/).check();
  await form.getByRole('button', { name: 'Create journal' }).click();
  const recoveryKey = await page
    .getByTestId('shown-once-secret')
    .getByLabel('Recovery key', { exact: true })
    .inputValue();
  const keyFile = page.waitForEvent('download');
  await page.getByTestId('shown-once-secret').getByRole('button', { name: 'Download' }).click();
  expect(await readFile(await (await keyFile).path(), 'utf8')).toContain(recoveryKey);
  await page.getByTestId('shown-once-secret').getByRole('button', { name: 'Done' }).click();
  const journals = (await (await request.get('/api/journals', { headers: authorised(user) })).json()).data as {
    id: string;
    name: string;
    locked: boolean;
  }[];
  const vault = journals.find((journal) => journal.name === 'Vault')!;
  expect(vault.locked).toBe(true);

  // Locked again, a wrong passphrase is refused in the browser: the wrapped key is all the server is ever asked for.
  const row = page.getByTestId('journal-row').filter({ hasText: 'Vault' });
  await row.getByRole('button', { name: 'Lock now' }).click();
  await row.getByRole('button', { name: 'Unlock' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Unlock “Vault”/ });
  await dialog.getByLabel('Passphrase').fill('not the passphrase');
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog.getByText('That passphrase does not unlock this journal.')).toBeVisible();
  expect(asked.filter((path) => path.startsWith('/api/') && path !== `/api/journals/${vault.id}/key`)).toEqual([]);
  await unlockIn(page, { passphrase: PASSPHRASE }, 'Vault');
  await expect(row.getByRole('button', { name: 'Lock now' })).toBeVisible();

  // Written in the locked journal (moved to in the app: a reload would lock it again).
  await page.getByRole('link', { name: 'Create Memory' }).first().click();
  await page.getByRole('combobox', { name: 'Journal' }).click();
  await page.getByRole('option', { name: 'Vault (locked)' }).click();
  await expect(page.getByTestId('locked-journal-note')).toBeVisible();
  await page.getByLabel('Memory Title *').fill(secret.title);
  const saves: string[] = [];
  const sent: Buffer[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/memories/memory')) saves.push(request.postData() ?? '');
    sent.push(request.postDataBuffer() ?? Buffer.alloc(0));
  });
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type(`The ${secret.word} sings at dusk`);
  // An image, sealed before it is uploaded, and shown in the editor from its decrypted copy.
  await page.getByTestId('image-upload-input').setInputFiles({
    name: secret.imageName,
    mimeType: 'image/png',
    buffer: secret.png,
  });
  const editorImage = page.getByRole('textbox', { name: 'Content' }).locator('img');
  await expect(editorImage).toHaveAttribute('alt', secret.imageName);
  await expect(editorImage).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => editorImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  const id = await saveDraftInEditor(page);

  // What left the browser and what the server answers: ciphertext, never the words or the image.
  expect(saves.length).toBeGreaterThan(0);
  for (const body of saves) {
    expect(JSON.parse(body)).toMatchObject({ title: '', contentJson: '', sealed: { ciphertext: expect.any(String) } });
  }
  for (const body of sent) expectNoSecretIn('a request', body);
  const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(user) });
  const storedText = await stored.text();
  expectNoSecretIn('the stored memory', Buffer.from(storedText));
  const storedMemory = JSON.parse(storedText).data as { sealed: { imageUrls: string[] } };
  expect(storedMemory).toMatchObject({ journalId: vault.id, title: '', sealed: { imageUrls: [expect.any(String)] } });
  const [imageUrl] = storedMemory.sealed.imageUrls;
  expect(imageUrl).toMatch(/\.sealed$/);
  const storedImage = await request.get(imageUrl, { headers: authorised(user) });
  expect(storedImage.headers()['content-type']).toBe('application/octet-stream');
  expectNoSecretIn('the stored image', await storedImage.body());
  const search = await request.get(`/api/memories/search?q=${secret.word}`, { headers: authorised(user) });
  expect(await search.text()).not.toContain(id);

  // Read back in this tab, where the journal is unlocked: the viewer opens it.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByTestId('memory-card').filter({ hasText: secret.title })).toBeVisible();

  // Searched on this device, with the same syntax, where the server's search finds nothing.
  await page.getByRole('combobox', { name: 'Journal' }).click();
  await page.getByRole('option', { name: 'Vault', exact: true }).click();
  await page.getByLabel('Search memories').fill(`${secret.word} -nowhere`);
  await expect(page.getByTestId('locked-search-note')).toContainText('runs on this device');
  await expect(page.getByTestId('memory-card')).toHaveCount(1);
  await expect(page.getByTestId('memory-card')).toContainText(secret.title);
  await page.getByLabel('Search memories').fill('');
  await page.getByRole('button', { name: `View ${secret.title}` }).click();
  await expect(page.getByRole('heading', { name: secret.title })).toBeVisible();
  await expect(page.getByText(`The ${secret.word} sings at dusk`)).toBeVisible();

  // A fresh page knows no key: the card and the viewer show the lock, the recovery key opens it.
  await page.goto(`/memory/${id}`);
  await expect(page.getByTestId('locked-memory')).toBeVisible();
  await expect(page.getByText(secret.word)).toHaveCount(0);
  await page.getByTestId('locked-memory').getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { recoveryKey }, 'Vault');
  await expect(page.getByText(`The ${secret.word} sings at dusk`)).toBeVisible();
  const viewerImage = page.getByRole('article').getByRole('img', { name: secret.imageName });
  await expect.poll(() => viewerImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

  // Edited in the editor after a reload, unlocked with the passphrase: sealed again, and opened with the edit.
  await page.goto(`/memory/edit/${id}`);
  await page.getByTestId('locked-memory').getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { passphrase: PASSPHRASE }, 'Vault');
  await expect(page.getByLabel('Memory Title *')).toHaveValue(secret.title);
  await page.getByLabel('Memory Title *').fill(`${secret.title} again`);
  await saveDraftInEditor(page);
  const edited = await (await request.get(`/api/memories/memory/${id}`, { headers: authorised(user) })).text();
  expectNoSecretIn('the edited memory', Buffer.from(edited));
  expect(JSON.parse(edited).data.version).toBeGreaterThan(1);

  const ciphertext = (JSON.parse(edited).data as { sealed: { ciphertext: string } }).sealed.ciphertext;

  // A decrypted archive, made in this browser: Markdown files and the image itself, as "Markdown files" import them.
  await page.goto('/settings/journals');
  const vaultRow = page.getByTestId('journal-row').filter({ hasText: 'Vault' });
  await vaultRow.getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { passphrase: PASSPHRASE }, 'Vault');
  const sentBeforeArchive = sent.length;
  await vaultRow.getByRole('button', { name: 'Download decrypted' }).click();
  const archiveDialog = page.getByRole('alertdialog', { name: 'Download “Vault” decrypted' });
  const decryptedDownload = page.waitForEvent('download');
  await archiveDialog.getByRole('button', { name: 'Download decrypted archive' }).click();
  const decryptedFile = await decryptedDownload;
  expect(decryptedFile.suggestedFilename()).toMatch(/^vault-decrypted-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText(/“Vault” was saved decrypted as vault-decrypted-/)).toBeVisible();
  const decryptedBytes = await readFile(await decryptedFile.path());
  const decrypted = await unzipBytes(decryptedBytes);
  const markdownNames = [...decrypted.keys()].filter((name) => name.endsWith('.md'));
  expect(markdownNames).toEqual([
    expect.stringMatching(new RegExp(`^memories/vault/\\d{4}-\\d{2}-\\d{2}-quetzal${secret.run}-orchard-again\\.md$`)),
  ]);
  const markdown = decrypted.get(markdownNames[0])!.toString();
  expect(markdown).toContain(`title: ${secret.title} again`);
  expect(markdown).toContain(`The ${secret.word} sings at dusk`);
  const [imageName] = [...decrypted.keys()].filter((name) => name.startsWith('images/'));
  expect(decrypted.get(imageName)).toEqual(secret.png);
  expect(markdown).toContain(`../../${imageName}`);
  // Made from what the server already held: nothing it sent carried a word of it.
  for (const body of sent.slice(sentBeforeArchive)) expectNoSecretIn('a request while decrypting', body);

  // The export holds the ciphertext and the wrapped key, and none of the words.
  await page.goto('/settings/data');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const exported = await unzipBytes(await readFile(await (await download).path()));
  expect(exported.get('memories.json')?.toString()).toContain(ciphertext);
  for (const [name, bytes] of exported) expectNoSecretIn(`export entry ${name}`, bytes);

  // No row of any table (a backup copies every one of every service) and no file of the backup holds them.
  const backup = await backUpSuiteInstance();
  expect([...backup.values()].some((bytes) => bytes.includes(ciphertext))).toBe(true);
  for (const [name, bytes] of backup) expectNoSecretIn(`backup file ${name}`, bytes);

  // Nor did the server's log.
  expectNoSecretIn('server log', await readFile(process.env.E2E_SERVER_LOG ?? ''));

  // The decrypted archive is an ordinary one: Import reads it back as a plain memory with its image. Last, because
  // that puts the words on the server, as its owner then asks.
  await page.goto('/settings/data');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'vault-decrypted.zip', mimeType: 'application/zip', buffer: decryptedBytes });
  await expect(page.getByTestId('import-report')).toContainText(
    'Import of vault-decrypted.zip finished: 1 imported, 0 already in your journal, 0 could not be imported.',
  );
  const imported = (
    await (await request.get(`/api/memories/search?q=${secret.word}`, { headers: authorised(user) })).json()
  ).data as { id: string; title: string; sealed?: unknown; contentJson: string }[];
  expect(imported).toEqual([expect.objectContaining({ title: `${secret.title} again` })]);
  const plain = (
    await (await request.get(`/api/memories/memory/${imported[0].id}`, { headers: authorised(user) })).json()
  ).data as { sealed?: unknown; contentJson: string };
  expect(plain.sealed).toBeUndefined();
  const [plainImage] = (JSON.parse(plain.contentJson).content as { type: string; attrs?: { src?: string } }[])
    .filter((node) => node.type === 'image')
    .map((node) => node.attrs?.src ?? '');
  expect((await (await request.get(plainImage, { headers: authorised(user) })).body()).equals(secret.png)).toBe(true);
});
