import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '@memories/nest-common';
import { FilesRepository } from '../files/files.repository';

/** Where a stored image came from: a person's upload, or an imported archive. */
export type StoredFileSource = 'upload' | 'import';

interface StorageTotals {
  files: number;
  bytes: number;
}

/** The totals are summed over every stored file: at most once a minute, however often Prometheus scrapes. */
const TOTALS_MAX_AGE_MS = 60_000;

const storedFilesCount = new Counter({
  name: 'memories_uploaded_files_total',
  help: 'Images stored, by source (a person uploading, or an import)',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

const storedBytesCount = new Counter({
  name: 'memories_uploaded_bytes_total',
  help: 'Bytes of the images stored, by source (a person uploading, or an import)',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

/** The running upload service's totals (one per process, also in `npm start`). */
let readTotals: (() => Promise<StorageTotals>) | undefined;

function totalGauge(name: string, help: string, pick: keyof StorageTotals): void {
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      // A database outage leaves the total out of this scrape rather than failing every metric.
      const totals = await readTotals?.().catch(() => undefined);
      if (totals === undefined) this.reset();
      else this.set(totals[pick]);
    },
  });
}

totalGauge('memories_stored_files', 'Images in object storage (uploaded and verified)', 'files');
totalGauge('memories_stored_bytes', 'Bytes of the images in object storage', 'bytes');

/**
 * Uploads as they happen (counters of this process) and what object storage holds in all (the upload schema's
 * totals, the same in every replica: read them with max(), not sum()).
 */
@Injectable()
export class StorageMetrics {
  private totals?: { at: number; value: Promise<StorageTotals> };

  constructor(private readonly files: FilesRepository) {
    for (const source of ['upload', 'import'] satisfies StoredFileSource[]) {
      storedFilesCount.inc({ source }, 0);
      storedBytesCount.inc({ source }, 0);
    }
    readTotals = () => this.currentTotals();
  }

  countStored(source: StoredFileSource, bytes: number): void {
    storedFilesCount.inc({ source });
    storedBytesCount.inc({ source }, bytes);
  }

  private currentTotals(): Promise<StorageTotals> {
    const now = Date.now();
    if (!this.totals || now - this.totals.at > TOTALS_MAX_AGE_MS) {
      const value = this.files.storageTotals();
      // A failed read is not kept: the next scrape asks again.
      value.catch(() => (this.totals = undefined));
      this.totals = { at: now, value };
    }
    return this.totals.value;
  }
}
