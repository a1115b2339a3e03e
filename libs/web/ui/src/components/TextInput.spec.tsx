import { render, screen } from '@testing-library/react';
import { TextInput } from './TextInput';

describe('TextInput', () => {
  it('marks a required field with an asterisk in its label', () => {
    render(<TextInput label="Email" name="email" required />);

    const input = screen.getByRole('textbox', { name: /^Email/ });
    expect(input).toBeRequired();
    expect(input.closest('.MuiFormControl-root')?.querySelector('label')).toHaveTextContent('Email *');
  });

  it('shows its error under the field and marks it invalid', () => {
    render(<TextInput label="Email" name="email" error="Invalid email" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Invalid email');
  });

  it('is valid and describes itself with its hint when there is no error', () => {
    render(<TextInput label="Phone number" name="phoneNumber" hint="Optional" />);

    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input).toBeValid();
    expect(input).toHaveAccessibleDescription('Optional');
  });
});
