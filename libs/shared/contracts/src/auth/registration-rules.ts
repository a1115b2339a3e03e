/**
 * The registration rules of spec section 5, shared by the register form and the server so they cannot drift.
 * Each message is the one the user sees under the field.
 */
export const MIN_PASSWORD_LENGTH = 6;

/** A simple e-mail shape: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional plus followed by 7 to 15 digits. */
export const PHONE_NUMBER_PATTERN = /^\+?\d{7,15}$/;

export const REGISTRATION_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  phoneNumberInvalid: 'Invalid phone number',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export interface RegistrationFields {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationFields, string>>;

/** The fields a user may change later on their profile (Edit Profile), with the register rules. */
export type ProfileFields = Pick<RegistrationFields, 'firstName' | 'lastName' | 'phoneNumber'>;

/** Checks name and phone number as the register form does; an empty result means valid. */
export function validateProfileFields(fields: ProfileFields): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!fields.firstName.trim()) errors.firstName = REGISTRATION_MESSAGES.firstNameRequired;
  if (!fields.lastName.trim()) errors.lastName = REGISTRATION_MESSAGES.lastNameRequired;
  if (fields.phoneNumber.trim() && !PHONE_NUMBER_PATTERN.test(fields.phoneNumber.trim())) {
    errors.phoneNumber = REGISTRATION_MESSAGES.phoneNumberInvalid;
  }
  return errors;
}

/** Checks the register form's fields; an empty result means valid. */
export function validateRegistration(fields: RegistrationFields): RegistrationErrors {
  const errors: RegistrationErrors = validateProfileFields(fields);
  if (!fields.email.trim()) errors.email = REGISTRATION_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = REGISTRATION_MESSAGES.emailInvalid;
  if (!fields.password) errors.password = REGISTRATION_MESSAGES.passwordRequired;
  else if (fields.password.length < MIN_PASSWORD_LENGTH) errors.password = REGISTRATION_MESSAGES.passwordTooShort;
  if (fields.confirmPassword !== fields.password) errors.confirmPassword = REGISTRATION_MESSAGES.passwordsDoNotMatch;
  return errors;
}
