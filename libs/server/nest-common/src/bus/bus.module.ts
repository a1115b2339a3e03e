import { type DynamicModule, Module } from '@nestjs/common';
import { BusClient } from './bus.client';
import { BUS_CLIENT_PROXY, BUS_OPTIONS } from './bus.tokens';
import type { BusOptions } from './bus-options';
import { createBusClient } from './bus-transport.factory';

/** Provides `BusClient` for the configured transport, to every module of the application (feature modules too). */
@Module({})
export class BusModule {
  static forRoot(options: BusOptions): DynamicModule {
    return {
      module: BusModule,
      global: true,
      providers: [
        { provide: BUS_OPTIONS, useValue: options },
        { provide: BUS_CLIENT_PROXY, useFactory: () => createBusClient(options) },
        BusClient,
      ],
      exports: [BusClient],
    };
  }
}
