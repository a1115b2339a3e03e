import { type DynamicModule, Module } from '@nestjs/common';
import { BusClient } from './bus.client';
import { BUS_CLIENT_PROXY, BUS_OPTIONS } from './bus.tokens';
import type { BusOptions } from './bus-options';
import { createBusClient } from './bus-transport.factory';

/** Provides `BusClient` for the configured transport. */
@Module({})
export class BusModule {
  static forRoot(options: BusOptions): DynamicModule {
    return {
      module: BusModule,
      providers: [
        { provide: BUS_OPTIONS, useValue: options },
        { provide: BUS_CLIENT_PROXY, useFactory: () => createBusClient(options) },
        BusClient,
      ],
      exports: [BusClient],
    };
  }
}
