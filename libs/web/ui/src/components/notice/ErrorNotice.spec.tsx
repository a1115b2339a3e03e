import { fireEvent, render, screen, within } from '@testing-library/react';
import { ErrorNotice } from './ErrorNotice';

describe('ErrorNotice', () => {
  it('shows the message under the default title "Error"', () => {
    render(<ErrorNotice message="The server did not answer" />);

    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('The server did not answer');
  });

  it('uses a given title and can be dismissed', () => {
    const onClose = jest.fn();
    render(<ErrorNotice title="Could not save" message="Try again" onClose={onClose} />);

    expect(screen.getByText('Could not save')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers no close button when it cannot be dismissed, and renders nothing while closed', () => {
    const { rerender } = render(<ErrorNotice message="Broken" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    rerender(<ErrorNotice message="Broken" open={false} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('appears as a modal whose OK button closes it', async () => {
    const onClose = jest.fn();
    render(<ErrorNotice modal message="Could not remove it" onClose={onClose} />);

    // The dialog is a lazy chunk: the first load compiles MUI's dialog modules, slow on a cold, busy runner.
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' }, { timeout: 15_000 });
    expect(dialog).toHaveAccessibleDescription('Could not remove it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 20_000);
});
