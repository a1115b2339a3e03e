import { SettingsSection } from '../settings-page/components/SettingsSection';

/** /settings/account: the profile (name, phone, avatar) and deleting the account. */
export function AccountSection() {
  return <SettingsSection title="Account" description="Your name, phone number and picture." />;
}
