import { SettingsSection } from '../settings-page/components/SettingsSection';
import { DeleteAccountCard } from './components/DeleteAccountCard';
import { ProfileDetailsForm } from './components/ProfileDetailsForm';
import { ProfilePictureCard } from './components/ProfilePictureCard';

/** /settings/account (the profile's Edit Profile): the profile (picture, name, phone) and deleting the account. */
export function AccountSection() {
  return (
    <SettingsSection title="Account" description="Your name, phone number and picture.">
      <ProfilePictureCard />
      <ProfileDetailsForm />
      <DeleteAccountCard />
    </SettingsSection>
  );
}
