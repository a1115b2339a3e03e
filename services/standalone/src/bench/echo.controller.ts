import { Body, Controller, Post } from '@nestjs/common';
import type { ApiSuccess } from '@memories/contracts';
import { EchoDto } from './echo.dto';

/** Benchmark-only route: validation and JSON in and out, without the bus. Never mounted by the product. */
@Controller('bench/echo')
export class EchoController {
  @Post()
  echo(@Body() body: EchoDto): ApiSuccess<EchoDto> {
    return { success: true, data: body };
  }
}
