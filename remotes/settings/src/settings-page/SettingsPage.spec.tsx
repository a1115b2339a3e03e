import { SessionProvider } from '@memories/web-session';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { signedInStore, testUser } from '../testing/signed-in-store';
import { SettingsPage } from './SettingsPage';

function renderAt(path: string, role: 'admin' | 'member' = 'member') {
  return render(
    <SessionProvider store={signedInStore({ ...testUser, role })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/settings/*" element={<SettingsPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const sectionLinks = () =>
  Array.from(screen.getByRole('navigation', { name: 'Settings sections' }).querySelectorAll('a')).map(
    (link) => link.textContent,
  );

describe('SettingsPage', () => {
  it('opens the first section at /settings and marks it as the current page', async () => {
    renderAt('/settings');

    expect(await screen.findByRole('heading', { level: 2, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the section its path names, with every section in the navigation', async () => {
    renderAt('/settings/data');

    expect(await screen.findByRole('heading', { level: 2, name: 'Your data' })).toBeInTheDocument();
    expect(sectionLinks()).toEqual([
      'Account',
      'Journals',
      'Security',
      'Sessions',
      'Reminders',
      'Prompts & template',
      'Your data',
      'Developer',
    ]);
  });

  it("adds the instance's administration for an admin", async () => {
    renderAt('/settings/account', 'admin');

    await screen.findByRole('heading', { level: 2, name: 'Account' });
    expect(sectionLinks()).toEqual([
      'Account',
      'Journals',
      'Security',
      'Sessions',
      'Reminders',
      'Prompts & template',
      'Your data',
      'Developer',
      'Users',
      'Sign-up',
    ]);
  });

  it('sends a member who opens an administration page to the first section', async () => {
    renderAt('/settings/users');

    expect(await screen.findByRole('heading', { level: 2, name: 'Account' })).toBeInTheDocument();
  });

  it('sends an unknown section to the first one', async () => {
    renderAt('/settings/nothing-here');

    expect(await screen.findByRole('heading', { level: 2, name: 'Account' })).toBeInTheDocument();
  });
});
