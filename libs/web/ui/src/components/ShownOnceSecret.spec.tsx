import { fireEvent, render, screen } from '@testing-library/react';
import { ShownOnceSecret } from './ShownOnceSecret';

function renderSecret(writeText: (text: string) => Promise<void>) {
  Object.assign(navigator, { clipboard: { writeText } });
  const onDone = jest.fn();
  render(
    <ShownOnceSecret
      title="Your new token “Backup”"
      label="Token"
      secret="mem_pat_abc"
      note="It was also e-mailed to ada@example.com."
      onDone={onDone}
    />,
  );
  return onDone;
}

describe('ShownOnceSecret', () => {
  it('shows the secret in a read-only field with the warning and the note, copies it, and is dismissed', async () => {
    const writeText = jest.fn(async () => undefined);
    const onDone = renderSecret(writeText);

    expect(screen.getByText('Your new token “Backup”')).toBeInTheDocument();
    expect(
      screen.getByText('Copy it now: it will not be shown again. It was also e-mailed to ada@example.com.'),
    ).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Token' });
    expect(field).toHaveValue('mem_pat_abc');
    expect(field).toHaveAttribute('readonly');

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('mem_pat_abc');

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says to copy it by hand when the browser refuses the clipboard', async () => {
    renderSecret(jest.fn(async () => Promise.reject(new Error('NotAllowedError'))));

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Could not copy: select it and copy it yourself.')).toBeInTheDocument();
  });
});
