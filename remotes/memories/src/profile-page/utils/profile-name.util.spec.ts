import { profileName } from './profile-name.util';

describe('profile name', () => {
  it('prefers the name, then the part of the email before the @, then "User"', () => {
    expect(profileName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(profileName({ name: ' ', email: 'ada@example.com' })).toBe('ada');
    expect(profileName({ name: null, email: null })).toBe('User');
    expect(profileName(null)).toBe('User');
  });
});
