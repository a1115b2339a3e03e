import { generateEs256KeyPair, type AccountStatusReader } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import { loadUploadConfig } from '../config/upload.config';
import type { StorageQuotaRepository } from './storage-quota.repository';
import { RoomBudget, StorageQuotaService } from './storage-quota.service';

const ADA = '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01';
const GRACE = '7c1d5a6f-2222-4333-8444-555566667777';
const MB = 1_000_000;
const PUBLIC = generateEs256KeyPair().publicKey;

function serviceWith(env: Record<string, string>) {
  const quotas: StrictMock<StorageQuotaRepository> = strictMock<StorageQuotaRepository>('quotas');
  const accounts = strictMock<AccountStatusReader>('accounts');
  const config = loadUploadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/m', AUTH_JWT_PUBLIC_KEY: PUBLIC, ...env });
  const service = new StorageQuotaService(
    config,
    quotas as unknown as StorageQuotaRepository,
    accounts as unknown as AccountStatusReader,
  );
  return { quotas, accounts, service };
}

describe('StorageQuotaService', () => {
  it("applies an account's own quota (null: none), else STORAGE_QUOTA_MB", async () => {
    const { quotas, service } = serviceWith({ STORAGE_QUOTA_MB: '100' });
    quotas.usedBytes.mockResolvedValue(new Map([[ADA, 5 * MB]]));
    quotas.ownQuotas.mockResolvedValue(new Map([[GRACE, null]]));

    await expect(service.usage({ userIds: [ADA, GRACE, ADA] })).resolves.toEqual({
      usage: [
        { userId: ADA, storageBytes: 5 * MB, storageQuotaMb: 100 },
        { userId: GRACE, storageBytes: 0, storageQuotaMb: null },
      ],
    });
  });

  it('refuses what does not fit with 413 STORAGE_QUOTA_EXCEEDED, saying what is used and allowed', async () => {
    const { quotas, service } = serviceWith({});
    quotas.usedBytes.mockResolvedValue(new Map([[ADA, 9 * MB]]));
    quotas.ownQuotas.mockResolvedValue(new Map([[ADA, 10]]));

    await expect(service.requireRoom(ADA, MB)).resolves.toEqual({ usedBytes: 9 * MB, allowedBytes: 10 * MB });
    await expect(service.requireRoom(ADA, MB + 1)).rejects.toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message:
        'Your storage is full: 9.0 MB of 10.0 MB used. Delete images you no longer need, or ask the administrator for more room.',
      detail: { usedBytes: 9 * MB, allowedBytes: 10 * MB },
    });
  });

  it('lets an admin set a quota, and refuses anyone else', async () => {
    const { quotas, accounts, service } = serviceWith({});
    accounts.statusOf.mockResolvedValueOnce({ active: true, role: 'member' });
    accounts.statusOf.mockResolvedValueOnce({ active: true, role: 'admin' });
    quotas.setOwnQuota.mockResolvedValue(undefined);
    quotas.usedBytes.mockResolvedValue(new Map());
    quotas.ownQuotas.mockResolvedValue(new Map([[GRACE, 50]]));
    const caller = { correlationId: 'c1', userId: ADA };

    await expect(service.setQuota(caller, { userId: GRACE, storageQuotaMb: 50 })).rejects.toMatchObject({
      code: 'ADMIN_ONLY_FORBIDDEN',
    });
    await expect(service.setQuota(caller, { userId: GRACE, storageQuotaMb: 50 })).resolves.toEqual({
      userId: GRACE,
      storageBytes: 0,
      storageQuotaMb: 50,
    });
    expect(quotas.setOwnQuota).toHaveBeenCalledTimes(1);
  });
});

describe('RoomBudget', () => {
  it('takes what fits and keeps count, and refuses what does not without taking it', () => {
    const room = new RoomBudget({ usedBytes: 0, allowedBytes: 10 });

    expect([room.take(6), room.take(5), room.take(4), room.take(1)]).toEqual([true, false, true, false]);
  });

  it('takes anything without a quota', () => {
    expect(new RoomBudget({ usedBytes: 5, allowedBytes: null }).take(Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});
