import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AttachmentsGallery } from './AttachmentsGallery';

const IMAGES = ['/api/files/users/u1/first.png', '/api/files/users/u1/second.jpg', '/api/files/users/u1/third.webp'];

function EditableGallery({ initial }: { initial: string[] }) {
  const [images, setImages] = useState(initial);
  return (
    <AttachmentsGallery
      images={images}
      editable
      onRemove={(src) => setImages((current) => current.filter((image) => image !== src))}
    />
  );
}

// The viewer is a lazy chunk: the first load compiles MUI's Dialog modules, slow on a cold, busy runner.
const openViewer = async (position: number) => {
  fireEvent.click(
    screen.getByRole('button', { name: `Open image ${position} of ${screen.getAllByRole('listitem').length}` }),
  );
  return screen.findByRole('dialog', { name: 'Attachments' }, { timeout: 15_000 });
};

const shownImage = (dialog: HTMLElement) => within(dialog).getByRole('img').getAttribute('src');

describe('AttachmentsGallery', () => {
  it('titles the grid "Attachments (count)" with one thumbnail per image, and renders nothing without images', () => {
    const { rerender } = render(<AttachmentsGallery images={IMAGES} />);

    expect(screen.getByRole('heading', { name: 'Attachments (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Download image 3' })).toBeInTheDocument();

    rerender(<AttachmentsGallery images={[]} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('offers removal only when editable', () => {
    const { rerender } = render(<AttachmentsGallery images={IMAGES} onRemove={() => undefined} />);
    expect(screen.queryByRole('button', { name: /^Remove image/ })).not.toBeInTheDocument();

    rerender(<AttachmentsGallery images={IMAGES} editable onRemove={() => undefined} />);
    expect(screen.getAllByRole('button', { name: /^Remove image/ })).toHaveLength(3);
  });

  it('opens the viewer at the clicked image; arrow keys wrap around and the counter follows', async () => {
    render(<AttachmentsGallery images={IMAGES} />);

    const dialog = await openViewer(3);
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    expect(shownImage(dialog)).toBe(IMAGES[2]);

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
    expect(shownImage(dialog)).toBe(IMAGES[0]);

    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
  }, 20_000);

  it('closes on Escape and gives focus to the thumbnail of the image last shown', async () => {
    render(<AttachmentsGallery images={IMAGES} />);

    const dialog = await openViewer(1);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open image 2 of 3' })).toHaveFocus();
  }, 20_000);

  it('removes from the viewer and keeps showing the image now at that position, closing when none is left', async () => {
    render(<EditableGallery initial={IMAGES.slice(0, 2)} />);

    const dialog = await openViewer(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));

    // The page behind the modal is hidden from assistive technology while the viewer is open.
    expect(screen.getByRole('heading', { name: 'Attachments (1)', hidden: true })).toBeInTheDocument();
    expect(within(dialog).getByText('1 / 1')).toBeInTheDocument();
    expect(shownImage(dialog)).toBe(IMAGES[1]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { hidden: true })).not.toBeInTheDocument();
  }, 20_000);

  it('removes from the grid and moves focus to the thumbnail that took its place', () => {
    const { container } = render(<EditableGallery initial={IMAGES} />);

    fireEvent.click(screen.getByRole('button', { name: 'Remove image 2' }));

    expect(screen.getByRole('heading', { name: 'Attachments (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open image 2 of 2' })).toHaveFocus();
    expect(Array.from(container.querySelectorAll('img'), (image) => image.getAttribute('src'))).toEqual([
      IMAGES[0],
      IMAGES[2],
    ]);
  });

  describe('download', () => {
    const realFetch = globalThis.fetch;
    let saved: { href: string; download: string }[];

    beforeEach(() => {
      saved = [];
      globalThis.fetch = jest.fn(
        async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/jpeg' } }),
      );
      URL.createObjectURL = jest.fn(() => 'blob:http://localhost/1');
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => {
      globalThis.fetch = realFetch;
      jest.restoreAllMocks();
    });

    it('saves a thumbnail as image-N with its extension', async () => {
      render(<AttachmentsGallery images={IMAGES} />);

      fireEvent.click(screen.getByRole('button', { name: 'Download image 2' }));

      await waitFor(() => expect(saved).toEqual([{ href: 'blob:http://localhost/1', download: 'image-2.jpg' }]));
      expect(globalThis.fetch).toHaveBeenCalledWith(IMAGES[1], expect.anything());
    });

    it('saves the image shown in the viewer under its position', async () => {
      render(<AttachmentsGallery images={IMAGES} />);

      const dialog = await openViewer(1);
      fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Download image 3' }));

      await waitFor(() => expect(saved.map(({ download }) => download)).toEqual(['image-3.webp']));
    }, 20_000);

    it('falls back to a plain link named image-N when the bytes cannot be fetched', async () => {
      globalThis.fetch = jest.fn(async () => new Response('', { status: 404 }));
      render(<AttachmentsGallery images={['https://elsewhere.example/photo']} />);

      fireEvent.click(screen.getByRole('button', { name: 'Download image 1' }));

      await waitFor(() => expect(saved).toEqual([{ href: 'https://elsewhere.example/photo', download: 'image-1' }]));
    });
  });
});
