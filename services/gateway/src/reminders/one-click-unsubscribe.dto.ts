import { ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsOptional } from 'class-validator';

/** What RFC 8058 says a mail client sends; the app's own page sends the same. Nothing else is accepted. */
export class OneClickUnsubscribeBodyDto {
  @ApiPropertyOptional({ enum: ['One-Click'] })
  @IsOptional()
  @Equals('One-Click')
  'List-Unsubscribe'?: 'One-Click';
}
