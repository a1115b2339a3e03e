import { render, screen } from '@testing-library/react';
import { avatarColor } from './avatar.util';
import { UserAvatar } from './UserAvatar';

describe('UserAvatar', () => {
  it('shows up to 2 initials on the colour of the name', () => {
    render(<UserAvatar name="Ada Lovelace" email="ada@example.com" />);

    const avatar = screen.getByTestId('user-avatar');
    expect(avatar).toHaveTextContent('AL');
    expect(avatar).toHaveStyle({ backgroundColor: avatarColor({ name: 'Ada Lovelace' }) });
  });

  it('shows one initial when asked (the top bar)', () => {
    render(<UserAvatar name="Ada Lovelace" maxInitials={1} />);

    expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^A$/);
  });

  it('shows the profile image instead of initials when there is one', () => {
    render(<UserAvatar name="Ada Lovelace" imageUrl="https://img.example.com/ada.png" />);

    const avatar = screen.getByTestId('user-avatar');
    expect(avatar.querySelector('img')).toHaveAttribute('src', 'https://img.example.com/ada.png');
    expect(avatar).not.toHaveTextContent('AL');
  });
});
