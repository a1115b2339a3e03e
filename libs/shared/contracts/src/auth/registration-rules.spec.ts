import {
  MIN_PASSWORD_LENGTH,
  REGISTRATION_MESSAGES,
  validateNewPassword,
  validateRegistration,
  type RegistrationFields,
} from './registration-rules';

const valid: RegistrationFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateRegistration', () => {
  it('accepts a complete registration with no phone number', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it.each([
    ['firstName', { firstName: '  ' }, REGISTRATION_MESSAGES.firstNameRequired],
    ['lastName', { lastName: '' }, REGISTRATION_MESSAGES.lastNameRequired],
    ['email', { email: '' }, REGISTRATION_MESSAGES.emailRequired],
    ['email', { email: 'ada@example' }, REGISTRATION_MESSAGES.emailInvalid],
    ['email', { email: 'ada lovelace@example.com' }, REGISTRATION_MESSAGES.emailInvalid],
    ['phoneNumber', { phoneNumber: '12345' }, REGISTRATION_MESSAGES.phoneNumberInvalid],
    ['phoneNumber', { phoneNumber: '+1234567890123456' }, REGISTRATION_MESSAGES.phoneNumberInvalid],
    ['phoneNumber', { phoneNumber: '555-1234567' }, REGISTRATION_MESSAGES.phoneNumberInvalid],
    ['password', { password: '', confirmPassword: '' }, REGISTRATION_MESSAGES.passwordRequired],
    ['password', { password: 'abc12', confirmPassword: 'abc12' }, REGISTRATION_MESSAGES.passwordTooShort],
    ['confirmPassword', { confirmPassword: 'secret2' }, REGISTRATION_MESSAGES.passwordsDoNotMatch],
  ])('reports %s: %j', (field, change, message) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('accepts phone numbers of 7 to 15 digits with an optional plus', () => {
    for (const phoneNumber of ['1234567', '+123456789012345']) {
      expect(validateRegistration({ ...valid, phoneNumber })).toEqual({});
    }
  });

  it('states the minimum length it enforces', () => {
    expect(REGISTRATION_MESSAGES.passwordTooShort).toContain(String(MIN_PASSWORD_LENGTH));
  });
});

describe('validateNewPassword', () => {
  it('accepts a long enough password typed twice', () => {
    expect(validateNewPassword({ newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({});
  });

  it.each([
    [{ newPassword: '', confirmPassword: '' }, { newPassword: REGISTRATION_MESSAGES.passwordRequired }],
    [{ newPassword: 'abc12', confirmPassword: 'abc12' }, { newPassword: REGISTRATION_MESSAGES.passwordTooShort }],
    [
      { newPassword: 'secret1', confirmPassword: 'secret2' },
      { confirmPassword: REGISTRATION_MESSAGES.passwordsDoNotMatch },
    ],
  ])('reports %j', (fields, errors) => {
    expect(validateNewPassword(fields)).toEqual(errors);
  });
});
