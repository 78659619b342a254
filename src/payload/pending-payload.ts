import type { Request } from '../http/request.ts';
import { DeferredArgument } from '../controller/deferred-argument.ts';
import { UnsupportedMediaTypeHttpException } from '../exception/unsupported-media-type-http-exception.ts';
import { HttpException } from '../exception/http-exception.ts';
import { parseBody, parseJson, readBody } from '../server/body-parser.ts';
import type { PayloadMapping } from './payload-mapping.ts';
import { ValidationFailedHttpException } from './validation-failed-http-exception.ts';
import { violationsOf } from './violation.ts';

/**
 * A mapped argument, read and validated when the controller is about to be called:
 * malformed JSON is a 400, a body of another type a 415, a payload the schema refuses a
 * 422 listing the violations. The controller receives the schema's output.
 */
export class PendingPayload extends DeferredArgument {
  readonly mapping: PayloadMapping;
  readonly #nullable: boolean;

  constructor(mapping: PayloadMapping, nullable: boolean) {
    super();
    this.mapping = mapping;
    this.#nullable = nullable;
  }

  async settle(request: Request): Promise<unknown> {
    const data = this.mapping.source === 'query' ? request.query.all() : await this.#body(request);
    if (data === undefined && this.#nullable) return null;
    const result = await this.mapping.schema['~standard'].validate(data);
    if (result.issues === undefined) return result.value;
    const failure = new ValidationFailedHttpException(violationsOf(result.issues));
    if (this.mapping.validationFailedStatusCode === 422) throw failure;
    throw new HttpException(this.mapping.validationFailedStatusCode, failure.message, { cause: failure });
  }

  async #body(request: Request): Promise<unknown> {
    const { acceptFormat, limit } = this.mapping;
    const options = limit === undefined ? {} : { limit };
    const format = request.getContentTypeFormat();
    if (format === undefined && (await readBody(request, options)).length === 0) return undefined;
    if (format === undefined || !acceptFormat.includes(format)) {
      throw new UnsupportedMediaTypeHttpException(`Unsupported format, expects "${acceptFormat.join('", "')}", but "${format ?? request.headers.get('content-type') ?? 'none'}" given.`);
    }
    if (format === 'form') {
      await parseBody(request, options);
      return request.form.all();
    }
    if ((await readBody(request, options)).length === 0) return undefined;
    return parseJson(request, options);
  }
}
