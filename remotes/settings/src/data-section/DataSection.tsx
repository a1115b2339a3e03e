import { SettingsSection } from '../settings-page/components/SettingsSection';
import { ExportCard } from './components/ExportCard';
import { ImportCard } from './components/ImportCard';
import { StorageCard } from './components/StorageCard';

/**
 * /settings/data ("Your data"): export the whole journal, import from Memories, Day One or Markdown, and the storage
 * it all takes.
 */
export function DataSection() {
  return (
    <SettingsSection title="Your data" description="Take your journal with you, or bring one in.">
      <ExportCard />
      <ImportCard />
      <StorageCard />
    </SettingsSection>
  );
}
