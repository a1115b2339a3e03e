import { MIN_PASSWORD_LENGTH, REGISTRATION_MESSAGES } from '@memories/contracts';
import { validationError } from '../account-security/validation-error';

/** The register form's password rules, for a new password (change and reset). */
export function checkNewPassword({ newPassword, confirmPassword }: { newPassword: string; confirmPassword: string }): void {
  if (!newPassword) throw validationError('newPassword', REGISTRATION_MESSAGES.passwordRequired);
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw validationError('newPassword', REGISTRATION_MESSAGES.passwordTooShort);
  if (confirmPassword !== newPassword) throw validationError('confirmPassword', REGISTRATION_MESSAGES.passwordsDoNotMatch);
}
