import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { TagsInput } from './TagsInput';

function Harness({ existingTags = [] as string[], initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagsInput tags={tags} onChange={setTags} existingTags={existingTags} />
      <output data-testid="tags">{tags.join('|')}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

const chosen = () => screen.getByTestId('tags').textContent;

describe('TagsInput', () => {
  afterEach(() => jest.useRealTimers());

  it('adds a trimmed tag with Enter and with a comma, never twice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });

    await user.type(input, '  sea {Enter}');
    await user.type(input, 'sun,');
    await user.type(input, 'sea{Enter}');

    expect(chosen()).toBe('sea|sun');
    expect(input).toHaveValue('');
  });

  it('has an add button, disabled while the text is blank', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const add = screen.getByRole('button', { name: 'Add tag' });

    expect(add).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'hike');
    await user.click(add);

    expect(chosen()).toBe('hike');
  });

  it('adds the text 150 ms after the field loses focus', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Harness />);

    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'night');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    act(() => jest.advanceTimersByTime(149));
    expect(chosen()).toBe('');
    act(() => jest.advanceTimersByTime(1));

    expect(chosen()).toBe('night');
  });

  it('adds only what was left behind: coming back within 150 ms keeps the text in the field', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });

    // The add button takes the focus for its click; the next tag, begun at once, is not cut short by that blur.
    await user.type(input, 'stars');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await user.type(input, 'ni');
    act(() => jest.advanceTimersByTime(150));
    expect(chosen()).toBe('stars');
    expect(input).toHaveValue('ni');

    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    act(() => jest.advanceTimersByTime(100));
    await user.type(input, 'ght');
    act(() => jest.advanceTimersByTime(150));
    expect(chosen()).toBe('stars');
    expect(input).toHaveValue('night');
  });

  it('suggests up to five matching tags in any case, not the chosen ones, chosen by click or keyboard', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={['Sea']}
        existingTags={['Sea', 'sea-food', 'Seaside', 'research', 'seal', 'SEAL team', 'overseas', 'mountain']}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Tags' });

    await user.type(input, 'SEA');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['sea-food', 'Seaside', 'research', 'seal', 'SEAL team']);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('option', { name: 'Seaside' }));
    expect(chosen()).toBe('Sea|Seaside');

    await user.type(input, 'moun{ArrowDown}{Enter}');
    expect(chosen()).toBe('Sea|Seaside|mountain');
  });

  it('removes a tag from its chip with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['sea', 'sun']} />);

    act(() => screen.getByRole('button', { name: 'sea, press Delete to remove' }).focus());
    await user.keyboard('{Delete}');

    expect(chosen()).toBe('sun');
  });
});
