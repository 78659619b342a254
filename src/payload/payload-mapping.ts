import type { StandardSchemaV1 } from '@standard-schema/spec';
import { SluiceError } from '../exception/sluice-error.ts';

export type PayloadSource = 'body' | 'query';

export interface PayloadMappingOptions {
  /** Body formats accepted (`json`, `form`); others are a 415. Default both. */
  acceptFormat?: readonly string[];
  /** The most bytes of body read (413 past it). Default 1 MiB. */
  limit?: number;
  /** The status of a refused payload. Default 422. */
  validationFailedStatusCode?: number;
}

/**
 * Where a controller argument comes from (Symfony's #[MapRequestPayload] and
 * #[MapQueryString]) and the Standard Schema (zod, valibot, arktype...) that checks it.
 */
export class PayloadMapping {
  readonly source: PayloadSource;
  readonly schema: StandardSchemaV1;
  readonly acceptFormat: readonly string[];
  readonly limit: number | undefined;
  readonly validationFailedStatusCode: number;

  constructor(source: PayloadSource, schema: StandardSchemaV1, options: PayloadMappingOptions = {}) {
    if (typeof (schema as Partial<StandardSchemaV1>)?.['~standard']?.validate !== 'function') {
      throw new SluiceError('SLUICE_NOT_A_STANDARD_SCHEMA', {});
    }
    this.source = source;
    this.schema = schema;
    this.acceptFormat = options.acceptFormat ?? ['json', 'form'];
    this.limit = options.limit;
    this.validationFailedStatusCode = options.validationFailedStatusCode ?? 422;
  }
}
