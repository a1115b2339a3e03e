import { AVATAR_COLORS, avatarColor, avatarInitials } from './avatar.util';

describe('avatar initials', () => {
  it.each([
    [{ name: 'Ada Lovelace' }, 'AL'],
    [{ name: 'ada' }, 'A'],
    [{ name: '  Ada   Augusta King  ' }, 'AA'],
    [{ name: 'Émile Zola' }, 'ÉZ'],
    [{ name: '', email: 'grace@example.com' }, 'G'],
    [{ name: null, email: 'grace@example.com' }, 'G'],
    [{ name: '   ', email: null }, 'U'],
    [{}, 'U'],
  ])('%j → %s', (person, initials) => {
    expect(avatarInitials(person)).toBe(initials);
  });

  it('shows at most the asked number of initials', () => {
    expect(avatarInitials({ name: 'Ada Lovelace' }, 1)).toBe('A');
  });
});

describe('avatar colour', () => {
  it('is one of 8 colours', () => {
    expect(AVATAR_COLORS).toHaveLength(8);
    expect(new Set(AVATAR_COLORS).size).toBe(8);
    expect(AVATAR_COLORS).toContain(avatarColor({ name: 'Ada Lovelace' }));
  });

  it('is the same for the same name, whatever the e-mail', () => {
    expect(avatarColor({ name: 'Ada Lovelace', email: 'a@example.com' })).toBe(
      avatarColor({ name: 'Ada Lovelace', email: 'b@example.com' }),
    );
  });

  it('comes from the e-mail when there is no name', () => {
    expect(avatarColor({ name: ' ', email: 'grace@example.com' })).toBe(avatarColor({ name: 'grace@example.com' }));
  });

  it('is spread over all 8 colours by different names', () => {
    const names = Array.from({ length: 200 }, (_, index) => `Person ${index}`);

    expect(new Set(names.map((name) => avatarColor({ name }))).size).toBe(8);
  });

  it('keeps known colours stable between releases (a changed hash would recolour every avatar)', () => {
    expect(avatarColor({ name: 'Ada Lovelace' })).toBe('#00695c');
    expect(avatarColor({ name: 'Alan Turing' })).toBe('#bf360c');
    expect(avatarColor({ email: 'grace@example.com' })).toBe('#4527a0');
  });
});
