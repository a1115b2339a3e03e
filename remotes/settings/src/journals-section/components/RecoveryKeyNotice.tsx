import Button from '@mui/material/Button';
import { recoveryKeyFile } from '@memories/web-crypto';
import { saveBlob, ShownOnceSecret } from '@memories/web-ui';

export interface RecoveryKeyNoticeProps {
  journalName: string;
  recoveryKey: string;
  onDone: () => void;
}

/** The recovery key of a new locked journal, shown once: copy it or download it as a file, then it is gone. */
export function RecoveryKeyNotice({ journalName, recoveryKey, onDone }: RecoveryKeyNoticeProps) {
  return (
    <ShownOnceSecret
      title={`The recovery key of “${journalName}”`}
      label="Recovery key"
      note="With it you can open the journal if you forget the passphrase."
      secret={recoveryKey}
      onDone={onDone}
    >
      <Button
        size="small"
        onClick={() => saveBlob(recoveryKeyFile(journalName, recoveryKey), `${journalName} recovery key.txt`)}
      >
        Download
      </Button>
    </ShownOnceSecret>
  );
}
