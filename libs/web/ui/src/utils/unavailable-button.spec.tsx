import Button from '@mui/material/Button';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { unavailableButton } from './unavailable-button';

describe('unavailableButton', () => {
  it('keeps an unavailable button focusable, announced as unavailable and without effect; an available one acts', async () => {
    const press = jest.fn();
    const { rerender } = render(<Button {...unavailableButton(true, press)}>Save Draft</Button>);
    const button = screen.getByRole('button', { name: 'Save Draft' });
    act(() => button.focus());

    fireEvent.click(button);
    expect(press).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('Mui-disabled');
    expect(button).toHaveFocus();

    rerender(<Button {...unavailableButton(false, press)}>Save Draft</Button>);
    fireEvent.click(button);
    expect(press).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
    // The press's ripple ends on a timer of its own.
    await act(() => new Promise((resolve) => setTimeout(resolve)));
  });
});
