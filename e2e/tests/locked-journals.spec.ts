import { expect, test, type Page } from '@playwright/test';
import { createJournalKeys } from '@memories/web-crypto';
import { readFile } from 'node:fs/promises';
import { authorised, signInWithCookie, signUp } from '../support/accounts';
import { saveDraftInEditor } from '../support/memories';

// A locked journal in the browser (issue 37): the editor seals what it writes, the server keeps only ciphertext, and
// the memory opens again only where the journal is unlocked, with the passphrase or the recovery key. The journal's
// keys are made here with the same library the browser uses (WebCrypto and Argon2id run in Node too).

const PASSPHRASE = 'violet harbour lantern';
// Words no other test writes: found anywhere on the server, they were sent in plain text.
const SECRET_TITLE = 'Quetzal orchard';
const SECRET_WORD = 'zyzzogeton';

async function unlockIn(page: Page, secret: { passphrase: string } | { recoveryKey: string }) {
  const dialog = page.getByRole('alertdialog', { name: /^Unlock “Vault”/ });
  if ('recoveryKey' in secret) {
    await dialog.getByRole('button', { name: 'Use the recovery key instead' }).click();
    await dialog.getByLabel('Recovery key').fill(secret.recoveryKey);
  } else {
    await dialog.getByLabel('Passphrase').fill(secret.passphrase);
  }
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog).toBeHidden();
}

test('a locked journal: written sealed in the editor, read only where it is unlocked, with passphrase or recovery key', async ({
  page,
  request,
}) => {
  const user = await signUp(request, 'locked', 'Lou Locked');
  const { envelope, recoveryKey } = await createJournalKeys(PASSPHRASE);
  const made = await request.post('/api/journals', {
    headers: authorised(user),
    data: { name: 'Vault', keyEnvelope: envelope },
  });
  expect(made.status(), await made.text()).toBe(201);
  const vault = (await made.json()).data as { id: string; locked: boolean };
  expect(vault.locked).toBe(true);
  await signInWithCookie(page, user);

  // A wrong passphrase is refused in the browser: the wrapped key is all the server is asked for.
  await page.goto('/settings/journals');
  const row = page.getByTestId('journal-row').filter({ hasText: 'Vault' });
  await row.getByRole('button', { name: 'Unlock' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Unlock “Vault”/ });
  await dialog.getByLabel('Passphrase').fill('not the passphrase');
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(sent.url()));
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog.getByText('That passphrase does not unlock this journal.')).toBeVisible();
  expect(asked.filter((url) => url.includes('/api/'))).toEqual([
    `${new URL(page.url()).origin}/api/journals/${vault.id}/key`,
  ]);
  await unlockIn(page, { passphrase: PASSPHRASE });
  await expect(row.getByRole('button', { name: 'Lock now' })).toBeVisible();

  // Written in the locked journal (moved to in the app: a reload would lock it again).
  await page.getByRole('link', { name: 'Create Memory' }).first().click();
  await page.getByRole('combobox', { name: 'Journal' }).click();
  await page.getByRole('option', { name: 'Vault (locked)' }).click();
  await expect(page.getByTestId('locked-journal-note')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Image' })).toHaveCount(0);
  await page.getByLabel('Memory Title *').fill(SECRET_TITLE);
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/memories/memory')) saves.push(sent.postData() ?? '');
  });
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type(`The ${SECRET_WORD} sings at dusk`);
  const id = await saveDraftInEditor(page);

  // What left the browser and what the server answers: ciphertext, never the words.
  expect(saves.length).toBeGreaterThan(0);
  for (const body of saves) {
    expect(body).not.toContain(SECRET_WORD);
    expect(body).not.toContain('Quetzal');
    expect(JSON.parse(body)).toMatchObject({ title: '', contentJson: '', sealed: { ciphertext: expect.any(String) } });
  }
  const stored = await request.get(`/api/memories/memory/${id}`, { headers: authorised(user) });
  const storedText = await stored.text();
  expect(storedText).not.toContain(SECRET_WORD);
  expect(storedText).not.toContain('Quetzal');
  expect(JSON.parse(storedText).data).toMatchObject({ journalId: vault.id, title: '', sealed: { imageUrls: [] } });
  const search = await request.get(`/api/memories/search?q=${SECRET_WORD}`, { headers: authorised(user) });
  expect(await search.text()).not.toContain(id);

  // Read back in this tab, where the journal is unlocked: the viewer opens it.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByTestId('memory-card').filter({ hasText: SECRET_TITLE })).toBeVisible();
  await page.getByRole('button', { name: `View ${SECRET_TITLE}` }).click();
  await expect(page.getByRole('heading', { name: SECRET_TITLE })).toBeVisible();
  await expect(page.getByText(`The ${SECRET_WORD} sings at dusk`)).toBeVisible();

  // A fresh page knows no key: the card and the viewer show the lock, the recovery key opens it.
  await page.goto(`/memory/${id}`);
  await expect(page.getByTestId('locked-memory')).toBeVisible();
  await expect(page.getByText(SECRET_WORD)).toHaveCount(0);
  await page.getByTestId('locked-memory').getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { recoveryKey });
  await expect(page.getByText(`The ${SECRET_WORD} sings at dusk`)).toBeVisible();

  // Edited in the editor after a reload, unlocked with the passphrase: sealed again, and opened with the edit.
  await page.goto(`/memory/edit/${id}`);
  await page.getByTestId('locked-memory').getByRole('button', { name: 'Unlock' }).click();
  await unlockIn(page, { passphrase: PASSPHRASE });
  await expect(page.getByLabel('Memory Title *')).toHaveValue(SECRET_TITLE);
  await page.getByLabel('Memory Title *').fill(`${SECRET_TITLE} again`);
  await saveDraftInEditor(page);
  const edited = await (await request.get(`/api/memories/memory/${id}`, { headers: authorised(user) })).text();
  expect(edited).not.toContain('Quetzal');
  expect(JSON.parse(edited).data.version).toBeGreaterThan(1);

  // Nothing of it reached the server's log.
  const log = await readFile(process.env.E2E_SERVER_LOG ?? '', 'utf8');
  expect(log).not.toContain(SECRET_WORD);
  expect(log).not.toContain('Quetzal');
});
