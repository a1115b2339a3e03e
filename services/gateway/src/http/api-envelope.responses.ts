import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI shape of `pagination` (spec section 3): zero-based pages. */
export class PaginationResponse {
  @ApiProperty() currentPage!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalElements!: number;
  @ApiProperty() hasPrevious!: boolean;
  @ApiProperty() hasNext!: boolean;
}

class ApiErrorResponse {
  @ApiProperty({ example: 'VALIDATION_FAILED' }) code!: string;
  @ApiPropertyOptional({ description: 'What exactly was wrong, when it helps (e.g. the fields)' }) detail?: unknown;
}

/** OpenAPI shape of every failed answer: never a stack trace. */
export class ApiFailureResponse {
  @ApiProperty({ example: false }) success!: false;
  @ApiProperty({ example: 'date must be a day written yyyy-MM-dd' }) message!: string;
  @ApiProperty({ type: ApiErrorResponse }) error!: ApiErrorResponse;
}

/**
 * OpenAPI shape of a success answer whose `data` is `data` (a list of them with `isArray`), named `name` in the
 * document; `extra` adds the answer's own fields next to `data`.
 */
export function successResponseOf(name: string, data: Type, options: { isArray?: boolean; nullable?: boolean; extra?: Type } = {}): Type {
  const Base = options.extra ?? class {};
  class SuccessResponse extends Base {
    @ApiProperty({ example: true }) success!: true;
    @ApiProperty({ type: data, isArray: options.isArray ?? false, nullable: options.nullable ?? false }) data!: unknown;
  }
  Object.defineProperty(SuccessResponse, 'name', { value: name });
  return SuccessResponse;
}
