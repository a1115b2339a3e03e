import { request as apiRequest, expect, test } from '@playwright/test';
import { clientHeaders, signInWithCookie, signUp } from '../support/accounts';
import { createMemory, shareMemory, uploadPng } from '../support/memories';

// Uploaded images are private: the media cookie the session sets lets <img> read them, for the uploader and a
// share recipient only.

test('an image shows to its owner and a share recipient; a stranger, an anonymous visitor and a signed-out user get 404', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await signUp(request, 'img-owner');
  const friend = await signUp(request, 'img-friend');
  const stranger = await signUp(request, 'img-stranger');
  const fileUrl = await uploadPng(request, owner, 'harbour.png');
  const id = await createMemory(request, owner, {
    title: 'Harbour at dawn',
    date: '2024-05-01',
    isDraft: false,
    contentJson: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Boats' }] },
        { type: 'image', attrs: { src: fileUrl } },
      ],
    },
  });
  await shareMemory(request, owner, id, friend);

  for (const reader of [owner, friend]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithCookie(page, reader);
    await page.goto(`/memory/${id}`);
    const image = page.locator(`img[src="${fileUrl}"]`).first();
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBe(1);

    const direct = await page.request.get(fileUrl);
    expect(direct.status()).toBe(200);
    expect(direct.headers()['x-content-type-options']).toBe('nosniff');
    expect(direct.headers()['content-disposition']).toBe('inline; filename="image.png"');

    await page.request.post('/api/auth/logout', { headers: clientHeaders });
    expect((await page.request.get(fileUrl)).status()).toBe(404);
    await context.close();
  }

  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await signInWithCookie(strangerPage, stranger);
  expect((await strangerPage.request.get(fileUrl)).status()).toBe(404);
  await strangerContext.close();

  const anonymous = await apiRequest.newContext({ baseURL });
  expect((await anonymous.get(fileUrl)).status()).toBe(404);
  await anonymous.dispose();
});
