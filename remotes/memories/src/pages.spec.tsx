import { render, screen } from '@testing-library/react';
import { DashboardPage } from './dashboard-page/DashboardPage';
import { ProfilePage } from './profile-page/ProfilePage';

describe('memories remote pages', () => {
  it('titles the dashboard "My Memories"', () => {
    render(<DashboardPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'My Memories' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-memories')).toBeInTheDocument();
  });

  it('titles the profile "Profile"', () => {
    render(<ProfilePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-memories')).toBeInTheDocument();
  });
});
