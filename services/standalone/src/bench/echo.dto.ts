import { IsArray, IsISO8601, IsString, MaxLength } from 'class-validator';

/** A memory-sized JSON body (~1 KB) for the framework benchmark's echo route. */
export class EchoDto {
  @IsString()
  @MaxLength(200)
  title!: string;

  @IsISO8601()
  date!: string;

  @IsArray()
  @IsString({ each: true })
  tags!: string[];

  @IsString()
  content!: string;
}
