import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LazyTooltip, preloadTooltip } from './LazyTooltip';

// MUI's Tooltip arrives while the editor is open; wrapping a control in it mounts the control anew.

const tooltipLoaded = async () => {
  preloadTooltip();
  await act(() => import('@mui/material/Tooltip').then(() => new Promise((done) => setTimeout(done))));
};

describe('LazyTooltip', () => {
  it('keeps a pressed control mounted until the press ends, so its click is not lost; then wraps it', async () => {
    const onClick = jest.fn();
    render(
      <LazyTooltip title="Bold">
        <button type="button" aria-label="Bold" onClick={onClick} />
      </LazyTooltip>,
    );
    const pressed = screen.getByRole('button', { name: 'Bold' });

    fireEvent.pointerDown(pressed);
    await tooltipLoaded();
    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(pressed);
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Bold' })).not.toBe(pressed));
    expect(pressed.isConnected).toBe(false);
  });
});
