import { SettingsSection } from '../settings-page/components/SettingsSection';

/** /settings/security: password, two-factor sign-in and passkeys. */
export function SecuritySection() {
  return <SettingsSection title="Security" description="Your password and how you sign in." />;
}
