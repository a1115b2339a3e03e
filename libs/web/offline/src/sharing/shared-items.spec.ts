/**
 * @jest-environment node
 */
// Node's FormData, File and structuredClone (which fake-indexeddb needs and jsdom lacks); no DOM is used here.
import 'fake-indexeddb/auto';
import { forgetAllSharedItems, forgetSharedItem, keepSharedItem, sharedItem, sharedItemOf } from './shared-items';

describe('shared items', () => {
  it('takes the fields a share target posts, images only, and keeps them until forgotten', async () => {
    const form = new FormData();
    form.append('title', '  Harbour  ');
    form.append('text', 'The boats at dawn');
    form.append('url', 'https://example.com/boats');
    form.append('files', new File(['png'], 'boat.png', { type: 'image/png' }));
    form.append('files', new File(['pdf'], 'notes.pdf', { type: 'application/pdf' }));

    const item = sharedItemOf(form, 'share-1', 1);
    expect(item).toMatchObject({
      id: 'share-1',
      title: 'Harbour',
      text: 'The boats at dawn',
      url: 'https://example.com/boats',
    });
    expect(item.files.map((file) => file.name)).toEqual(['boat.png']);

    await keepSharedItem(item);
    expect((await sharedItem('share-1'))?.title).toBe('Harbour');
    await forgetSharedItem('share-1');
    expect(await sharedItem('share-1')).toBeUndefined();
  });

  it('forgets every item and its database at sign-out, and keeps items again afterwards', async () => {
    const item = sharedItemOf(new FormData(), 'share-2', 2);
    await keepSharedItem(item);
    expect((await indexedDB.databases()).map(({ name }) => name)).toContain('memories-shared-items');

    await forgetAllSharedItems();
    expect((await indexedDB.databases()).map(({ name }) => name)).not.toContain('memories-shared-items');

    await keepSharedItem(item);
    expect(await sharedItem('share-2')).toEqual(item);
  });
});
