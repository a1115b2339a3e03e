import type { MemoryMood } from '@memories/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { MoodPicker } from './MoodPicker';

function Harness({ initial = null as MemoryMood | null }) {
  const [mood, setMood] = useState(initial);
  return (
    <>
      <MoodPicker value={mood} onChange={setMood} />
      <output data-testid="mood">{String(mood)}</output>
    </>
  );
}

describe('MoodPicker', () => {
  it('names the group and each of its six choices by their words', () => {
    render(<Harness />);

    const group = screen.getByRole('radiogroup', { name: 'Mood' });
    expect(
      Array.from(group.querySelectorAll('input[type="radio"]')).map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['No mood', 'Awful', 'Bad', 'Okay', 'Good', 'Great']);
    expect(screen.getByRole('radio', { name: 'No mood' })).toBeChecked();
  });

  it('chooses with the arrow keys from the checked choice, and back to no mood', async () => {
    const user = userEvent.setup();
    render(<Harness initial={3} />);
    expect(screen.getByRole('radio', { name: 'Okay' })).toBeChecked();

    await user.tab();
    expect(screen.getByRole('radio', { name: 'Okay' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('mood')).toHaveTextContent('4');
    await user.click(screen.getByRole('radio', { name: 'No mood' }));
    expect(screen.getByTestId('mood')).toHaveTextContent('null');
  });
});
