import { fireEvent, render, screen } from '@testing-library/react';
import { UnderConstructionDialog } from './UnderConstructionDialog';

// The dialog's chunk cannot be fetched (the network dropped after the page loaded) until the network is back.
let mockNetworkBack = false;
jest.mock('./UnderConstructionDialogContent', () => {
  if (!mockNetworkBack) throw new Error('Loading chunk 4242 failed.');
  return jest.requireActual('./UnderConstructionDialogContent');
});

describe('UnderConstructionDialog without its chunk', () => {
  beforeEach(() => {
    mockNetworkBack = false;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
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

  it('shows the dialog on Retry once the network is back', async () => {
    render(<UnderConstructionDialog open onClose={() => undefined} message="Contact us is under construction." />);
    await screen.findByRole('alert');

    mockNetworkBack = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('Contact us is under construction.');
  });
});
