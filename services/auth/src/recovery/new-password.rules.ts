import { validateNewPassword } from '@memories/contracts';
import { validationError } from '../account-security/validation-error';

/** The register form's password rules for a new password (change and reset): the first that fails is the answer. */
export function checkNewPassword(fields: { newPassword: string; confirmPassword: string }): void {
  const errors = validateNewPassword(fields);
  const field = (['newPassword', 'confirmPassword'] as const).find((name) => errors[name] !== undefined);
  if (field) throw validationError(field, errors[field] as string);
}
