import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';

const ask = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onCancel = jest.fn();
  const onConfirm = jest.fn();
  render(
    <ConfirmDialog
      title="Delete memory"
      message="Are you sure?"
      confirmLabel="Delete"
      destructive
      onCancel={onCancel}
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onCancel, onConfirm };
};

// The dialog is a lazy chunk: the first load compiles MUI's dialog modules, slow on a cold, busy runner.
const findDialog = () => screen.findByRole('alertdialog', { name: 'Delete memory' }, { timeout: 15_000 });

describe('ConfirmDialog', () => {
  it('asks as an alertdialog named by its title and described by its question, with Cancel focused', async () => {
    const { onConfirm } = ask();

    const dialog = await findDialog();
    expect(dialog).toHaveAccessibleDescription('Are you sure?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('cancels with Escape', async () => {
    const { onCancel, onConfirm } = ask();

    fireEvent.keyDown(await findDialog(), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  }, 20_000);

  it('takes neither a second confirm nor Escape while the action runs', async () => {
    const { onCancel, onConfirm } = ask({ busy: true });

    const dialog = await findDialog();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  }, 20_000);

  it('confirms with Enter in a field the action needs, which takes the focus instead of Cancel, and shows why it failed', async () => {
    const { onConfirm } = ask({
      children: <input aria-label="Password" autoFocus />,
      error: 'Current password is incorrect',
    });

    const dialog = await findDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Password' });
    expect(field).toHaveFocus();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Current password is incorrect');
    fireEvent.submit(field);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  }, 20_000);
});
