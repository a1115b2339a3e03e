import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MessageContext } from '@memories/contracts';
import { AccountDeletionFollower, BusClient, lineOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../database/memory-database';
import { AccountDataRepository } from './account-data.repository';

/** Deletes a deleted account's memories and shares, on the event and from the record of deletions. */
@Injectable()
export class MemoryAccountDeletionFollower extends AccountDeletionFollower {
  constructor(
    bus: BusClient,
    @InjectDataSource(MEMORY_DATA_SOURCE) db: DataSource,
    private readonly data: AccountDataRepository,
  ) {
    super(bus, db, 'memory');
  }

  async purge(userId: string, context: MessageContext): Promise<void> {
    await this.data.purge(userId);
    this.logger.log(lineOf(context, `deleted the memories and shares of deleted account ${userId}`));
  }
}
