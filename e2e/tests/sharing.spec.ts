import { expect, test } from '@playwright/test';
import { signInWithCookie, signUp } from '../support/accounts';
import { createMemory, uploadPng } from '../support/memories';

// The share dialog as an owner uses it, and what the recipient sees: "Shared by" on the profile and in the viewer,
// then the memory and its image gone at once when the owner takes the share back.

test('the owner shares by exact e-mail, the recipient sees who shared it, and loses memory and image at once when removed', async ({
  browser,
  request,
}) => {
  const owner = await signUp(request, 'share-owner', 'Olive Owner');
  const friend = await signUp(request, 'share-friend', 'Fern Friend');
  const image = await uploadPng(request, owner, 'boat.png');
  const id = await createMemory(request, owner, {
    title: 'Boat trip',
    date: '2026-06-01',
    contentJson: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Out on the water' }] },
        { type: 'image', attrs: { src: image } },
      ],
    },
  });
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await signInWithCookie(ownerPage, owner);
  await signInWithCookie(friendPage, friend);

  await ownerPage.goto(`/memory/${id}`);
  await ownerPage.getByRole('button', { name: 'More Options' }).click();
  await ownerPage.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Share “Boat trip”' });
  const address = dialog.getByLabel('Their e-mail address');
  await address.fill(`nobody-${friend.email}`);
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog).toContainText('Nobody can receive shares at this address yet');
  await address.fill(owner.email);
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog).toContainText('That is your own address');
  // Case does not matter, and nothing is shared until the owner has seen whose account it is.
  await address.fill(friend.email.toUpperCase());
  await address.press('Enter');
  await dialog.getByRole('button', { name: 'Share with Fern' }).click();
  await expect(dialog.getByRole('list', { name: 'Shared with' })).toContainText('Fern Friend');
  await expect(dialog).toContainText('Memory shared successfully');

  await friendPage.goto('/profile');
  await friendPage.getByRole('tab', { name: 'Shared (1)' }).click();
  await expect(friendPage.getByTestId('shared-by')).toContainText('Shared by Olive Owner');
  await friendPage.getByRole('button', { name: 'Boat trip' }).click();
  await expect(friendPage.getByTestId('remote-viewer').getByTestId('shared-by')).toContainText('Shared by Olive Owner');
  const picture = friendPage.locator(`img[src="${image}"]`).first();
  await expect
    .poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(1);

  await dialog.getByRole('button', { name: 'Stop sharing with Fern Friend' }).click();
  await expect(dialog).toContainText('Nobody yet: only you can see this memory.');

  expect((await friendPage.request.get(image)).status()).toBe(404);
  // A fresh visit: reloading would show the copy the profile handed over in this history entry (the spec's viewer).
  await friendPage.goto('/dashboard');
  await friendPage.goto(`/memory/${id}`);
  await expect(friendPage.getByRole('alertdialog', { name: 'Error' })).toContainText('Memory not found');
  await ownerContext.close();
  await friendContext.close();
});
