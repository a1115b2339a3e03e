import { profileOf } from './provider-profile';

const base = { iss: 'https://id.example.com', sub: 'abc-123' };

describe('profileOf', () => {
  it('takes the address, its confirmation and the name the provider gives', () => {
    expect(
      profileOf({ ...base, email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace', given_name: 'A' }),
    ).toEqual({
      issuer: 'https://id.example.com',
      subject: 'abc-123',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
  });

  it.each([undefined, false, 'true', 1])('counts email_verified %p as not confirmed', (emailVerified) => {
    expect(profileOf({ ...base, email: 'ada@example.com', email_verified: emailVerified })?.emailVerified).toBe(false);
  });

  it('builds a name from the given and family names, else the user name, else the address', () => {
    expect(profileOf({ ...base, given_name: 'Grace', family_name: 'Hopper' })?.name).toBe('Grace Hopper');
    expect(profileOf({ ...base, preferred_username: 'grace' })?.name).toBe('grace');
    expect(profileOf({ ...base, email: 'grace.h@example.com' })?.name).toBe('grace.h');
  });

  it('keeps no address that is not one, and no character PostgreSQL or a page should not get', () => {
    const profile = profileOf({ ...base, email: 'not an address', email_verified: true, name: 'Ev\u0000e\u0007 ' });

    expect(profile).toMatchObject({ email: null, emailVerified: false, name: 'Eve' });
    expect(profileOf({ ...base, email: 42 })?.email).toBeNull();
  });

  it('refuses a subject or issuer that an account cannot be linked by', () => {
    expect(profileOf({ ...base, sub: 'x'.repeat(256) })).toBeNull();
    expect(profileOf({ ...base, sub: 'a\u0000b' })).toBeNull();
    expect(profileOf({ ...base, sub: '' })).toBeNull();
  });

  it('cuts a very long name to what an account keeps', () => {
    expect([...(profileOf({ ...base, name: '名'.repeat(500) })?.name ?? '')]).toHaveLength(200);
  });
});
