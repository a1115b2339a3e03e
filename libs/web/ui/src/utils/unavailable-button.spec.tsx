import Button from '@mui/material/Button';
import { fireEvent, render, screen } from '@testing-library/react';
import { unavailableButton } from './unavailable-button';

describe('unavailableButton', () => {
  it('keeps an unavailable button focusable, announced as unavailable and without effect; an available one acts', () => {
    const press = jest.fn();
    const { rerender } = render(<Button {...unavailableButton(true, press)}>Save Draft</Button>);
    const button = screen.getByRole('button', { name: 'Save Draft' });
    button.focus();

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
  });
});
