import { Module } from '@nestjs/common';
import { UserDirectory } from '../memories/user-directory';
import { JournalMembersController } from './journal-members.controller';
import { JournalsController } from './journals.controller';
import { JournalsService } from './journals.service';

/** /api/journals/*: journals, their members and memories, locked journals' keys (global BusClient and guard). */
@Module({
  controllers: [JournalsController, JournalMembersController],
  providers: [JournalsService, UserDirectory],
})
export class JournalsGatewayModule {}
