import { fireEvent, render, screen } from '@testing-library/react';
import { LAZY_PART_FAILED_MESSAGE } from '../lazy-part';
import { AttachmentsGallery } from './AttachmentsGallery';

// The viewer's chunk cannot be fetched (the network dropped after the page loaded).
jest.mock('./GalleryViewerDialog', () => {
  throw new Error('Loading chunk 4242 failed.');
});

describe('AttachmentsGallery without the viewer chunk', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('says the viewer could not be loaded and keeps the gallery (and the page around it)', async () => {
    render(
      <main>
        <p>What I typed</p>
        <AttachmentsGallery images={['/api/files/users/u1/first.png']} />
      </main>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 1' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(LAZY_PART_FAILED_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Attachments (1)' })).toBeInTheDocument();
    expect(screen.getByText('What I typed')).toBeInTheDocument();
  });
});
