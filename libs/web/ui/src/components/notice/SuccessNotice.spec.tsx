import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SuccessNotice } from './SuccessNotice';

describe('SuccessNotice', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the message under the default title "Success"', () => {
    render(<SuccessNotice message="Memory deleted successfully" />);

    const status = screen.getByRole('status');
    expect(within(status).getByText('Success')).toBeInTheDocument();
    expect(status).toHaveTextContent('Memory deleted successfully');
  });

  it('hides itself after the given time', () => {
    jest.useFakeTimers();
    const onClose = jest.fn();
    render(<SuccessNotice message="Saved" autoHideMs={3000} onClose={onClose} />);

    act(() => jest.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps its timer when the parent re-renders with a new onClose', () => {
    jest.useFakeTimers();
    const first = jest.fn();
    const second = jest.fn();
    const { rerender } = render(<SuccessNotice message="Saved" autoHideMs={1000} onClose={first} />);

    act(() => jest.advanceTimersByTime(600));
    rerender(<SuccessNotice message="Saved" autoHideMs={1000} onClose={second} />);
    act(() => jest.advanceTimersByTime(400));

    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('offers a secondary action labelled "View" by default, beside its close button', () => {
    const onAction = jest.fn();
    const onClose = jest.fn();
    render(<SuccessNotice message="Memory published successfully" onAction={onAction} onClose={onClose} />);

    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('appears as a modal with a named secondary action and OK', async () => {
    const onAction = jest.fn();
    render(
      <SuccessNotice
        modal
        message="Memory published successfully"
        actionLabel="Refresh View"
        onAction={onAction}
        onClose={jest.fn()}
      />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Success' }, { timeout: 15_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh View' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
  }, 20_000);
});
