import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SettingsPage } from './SettingsPage';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/settings/*" element={<SettingsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SettingsPage', () => {
  it('opens the first section at /settings and marks it as the current page', async () => {
    renderAt('/settings');

    expect(await screen.findByRole('heading', { level: 2, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the section its path names, with every section in the navigation', async () => {
    renderAt('/settings/data');

    expect(await screen.findByRole('heading', { level: 2, name: 'Your data' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(Array.from(navigation.querySelectorAll('a')).map((link) => link.textContent)).toEqual([
      'Account',
      'Security',
      'Sessions',
      'Your data',
      'Developer',
    ]);
  });

  it('sends an unknown section to the first one', async () => {
    renderAt('/settings/nothing-here');

    expect(await screen.findByRole('heading', { level: 2, name: 'Account' })).toBeInTheDocument();
  });
});
