import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ADMIN_SUBJECTS, SUBJECTS, USER_LOOKUP_SUBJECT } from '@memories/contracts';
import { generateEs256KeyPair } from '@memories/nest-common';
import { describeServiceBasics, type TextFieldCase } from '@memories/server-testing';
import { authServiceDescriptor } from '../src';

const user = randomUUID();
const registration = () => ({
  name: 'Ada Lovelace',
  email: `ada-${randomUUID()}@example.com`,
  password: 'analytical',
  confirmPassword: 'analytical',
  phoneNumber: '+441234567',
});
const refused = (
  subject: string,
  payload: () => Record<string, unknown>,
  fields: string[],
  userId?: string,
): TextFieldCase[] => fields.map((field) => ({ subject, payload, field, userId, expect: 'refused' }));

// Every string of every auth payload, sent straight over the bus: only names are cleaned, the rest is refused.
const textFields: TextFieldCase[] = [
  { subject: SUBJECTS.auth.register, payload: registration, field: 'name', expect: 'echoed' },
  ...refused(SUBJECTS.auth.register, registration, ['email', 'password', 'confirmPassword', 'phoneNumber']),
  ...refused(SUBJECTS.auth.login, () => ({ email: 'ada@example.com', password: 'analytical', rememberMe: false }), [
    'email',
    'password',
  ]),
  ...refused(SUBJECTS.auth.refresh, () => ({ refreshToken: 'token' }), ['refreshToken']),
  ...refused(SUBJECTS.auth.logout, () => ({ refreshToken: 'token' }), ['refreshToken']),
  ...refused(
    SUBJECTS.auth.updateProfile,
    () => ({ name: 'Ada', phoneNumber: '+441234567', profileImageUrl: '/a.png' }),
    ['phoneNumber', 'profileImageUrl'],
    user,
  ),
  ...refused(
    SUBJECTS.auth.changePassword,
    () => ({ currentPassword: 'analytical', newPassword: 'difference', refreshToken: 'token' }),
    ['currentPassword', 'newPassword', 'refreshToken'],
    user,
  ),
  ...refused(SUBJECTS.auth.forgotPassword, () => ({ email: 'ada@example.com' }), ['email']),
  ...refused(SUBJECTS.auth.resetPassword, () => ({ token: 'token', newPassword: 'difference' }), [
    'token',
    'newPassword',
  ]),
  ...refused(SUBJECTS.auth.verifyEmail, () => ({ token: 'token' }), ['token']),
  ...refused(SUBJECTS.auth.resendVerification, () => ({ email: 'ada@example.com' }), ['email']),
  ...refused(USER_LOOKUP_SUBJECT, () => ({ ids: [user] }), ['ids.0']),
  ...refused(SUBJECTS.auth.register, () => ({ ...registration(), inviteToken: 'token' }), ['inviteToken']),
  ...refused(ADMIN_SUBJECTS.createInvite, () => ({ email: 'grace@example.com' }), ['email'], user),
  ...refused(ADMIN_SUBJECTS.checkInvite, () => ({ inviteToken: 'token' }), ['inviteToken']),
  ...refused(ADMIN_SUBJECTS.shareRecipients, () => ({ ids: [user] }), ['ids.0']),
];

describeServiceBasics(
  authServiceDescriptor,
  path.join(__dirname, '..', 'dist', 'main.js'),
  { AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey },
  { textFields },
);
