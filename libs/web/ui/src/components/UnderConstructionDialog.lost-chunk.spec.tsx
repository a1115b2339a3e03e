import { render, screen } from '@testing-library/react';
import { UnderConstructionDialog } from './UnderConstructionDialog';

// The dialog's chunk cannot be fetched (the network dropped after the page loaded).
jest.mock('./UnderConstructionDialogContent', () => {
  throw new Error('Loading chunk 4242 failed.');
});

describe('UnderConstructionDialog without its chunk', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('says its message in place and keeps the page', async () => {
    render(
      <main>
        <p>The landing page</p>
        <UnderConstructionDialog open onClose={() => undefined} message="Contact us is under construction." />
      </main>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Contact us is under construction.');
    expect(screen.getByText('The landing page')).toBeInTheDocument();
  });
});
