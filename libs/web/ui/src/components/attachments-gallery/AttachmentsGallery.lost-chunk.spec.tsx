import { fireEvent, render, screen } from '@testing-library/react';
import { LAZY_PART_FAILED_MESSAGE } from '../lazy-part';
import { AttachmentsGallery } from './AttachmentsGallery';

// The viewer's chunk cannot be fetched (the network dropped after the page loaded) until the network is back.
let mockNetworkBack = false;
jest.mock('./GalleryViewerDialog', () => {
  if (!mockNetworkBack) throw new Error('Loading chunk 4242 failed.');
  return jest.requireActual('./GalleryViewerDialog');
});

/** A page with typed text and a one-image gallery, and the image pressed (which asks for the viewer's code). */
function openViewerInPage(): void {
  render(
    <main>
      <p>What I typed</p>
      <AttachmentsGallery images={['/api/files/users/u1/first.png']} />
    </main>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 1' }));
}

describe('AttachmentsGallery without the viewer chunk', () => {
  beforeEach(() => {
    mockNetworkBack = false;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says the viewer could not be loaded and keeps the gallery (and the page around it)', async () => {
    openViewerInPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(LAZY_PART_FAILED_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Attachments (1)' })).toBeInTheDocument();
    expect(screen.getByText('What I typed')).toBeInTheDocument();
  });

  it('opens the viewer on Retry once the network is back, without leaving the page', async () => {
    openViewerInPage();
    await screen.findByRole('alert');

    mockNetworkBack = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('1 / 1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('What I typed')).toBeInTheDocument();
  });
});
