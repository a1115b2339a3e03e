import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DashboardPage } from './dashboard-page/DashboardPage';
import { ProfilePage } from './profile-page/ProfilePage';

describe('memories remote pages', () => {
  it('titles the dashboard "My Memories", shows a list failure and only logs a tag failure', async () => {
    // No gateway answers in this test: both calls fail as they would with the server unreachable.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'My Memories' })).toBeInTheDocument();
    expect(screen.getByTestId('memories-loading')).toBeInTheDocument();
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    await waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 5000 });
    logged.mockRestore();
  });

  it('names a signed-out profile "User" and shows the load failures (memories, writing stats, heat map)', async () => {
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <ProfilePage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'User' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-memories')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3), { timeout: 5000 });
    for (const alert of screen.getAllByRole('alert'))
      expect(alert).toHaveTextContent('Network error. Please check your connection.');
  });
});
