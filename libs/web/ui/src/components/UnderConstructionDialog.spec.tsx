import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { UnderConstructionDialog } from './UnderConstructionDialog';

function ContactButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Contact</button>
      <UnderConstructionDialog open={open} onClose={() => setOpen(false)} message="Contact is coming." />
    </>
  );
}

describe('UnderConstructionDialog', () => {
  it('renders nothing until opened', () => {
    render(<ContactButton />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the notice with its message when opened and closes on "Got it"', async () => {
    render(<ContactButton />);

    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));

    // The dialog's content is a lazy chunk: the first load compiles MUI's dialog modules, slow on a cold, busy runner.
    const dialog = await screen.findByRole('dialog', { name: 'Under Construction' }, { timeout: 15_000 });
    expect(dialog).toHaveTextContent('Contact is coming.');
    expect(dialog).toHaveTextContent('Expected completion: Coming Soon');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);
});
