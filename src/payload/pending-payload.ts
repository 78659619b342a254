import type { Request } from '../http/request.ts';
import { DeferredArgument } from '../controller/deferred-argument.ts';
import { UnsupportedMediaTypeHttpException } from '../exception/unsupported-media-type-http-exception.ts';
import { HttpException } from '../exception/http-exception.ts';
import { bufferedBody, jsonOf, parseBody, parseJson, readBody, type BodyOptions } from '../server/body-parser.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';
import type { StandardSchemaV1 } from '@standard-schema/spec';
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

  /**
   * Synchronous when it can be: a query string, or a body at hand whole (see
   * bufferedBody) checked by a schema that validates synchronously; so a request whose
   * body came with its head is handled without a promise. Otherwise the body is read first.
   */
  settle(request: Request): MaybePromise<unknown> {
    if (this.mapping.source === 'query') return this.#validate(request.query.all());
    const { limit } = this.mapping;
    const options = limit === undefined ? {} : { limit };
    const bytes = bufferedBody(request, options);
    const format = request.getContentTypeFormat();
    if (bytes === undefined || format === 'form') return this.#body(request, format, options).then((data) => this.#validate(data));
    return this.#validate(this.#dataOf(request, format, bytes));
  }

  #validate(data: unknown): MaybePromise<unknown> {
    if (data === undefined && this.#nullable) return null;
    const result = this.mapping.schema['~standard'].validate(data);
    return isThenable(result) ? Promise.resolve(result).then((each) => this.#outcome(each)) : this.#outcome(result);
  }

  #outcome(result: StandardSchemaV1.Result<unknown>): unknown {
    if (result.issues === undefined) return result.value;
    const failure = new ValidationFailedHttpException(violationsOf(result.issues));
    if (this.mapping.validationFailedStatusCode === 422) throw failure;
    throw new HttpException(this.mapping.validationFailedStatusCode, failure.message, { cause: failure });
  }

  /** The data of a body at hand: nothing for an empty one, JSON parsed (400 when it is not), 415 for another format. */
  #dataOf(request: Request, format: string | undefined, bytes: Buffer): unknown {
    if (format === undefined && bytes.length === 0) return undefined;
    this.#assertAccepted(request, format);
    return bytes.length === 0 ? undefined : jsonOf(bytes);
  }

  async #body(request: Request, format: string | undefined, options: BodyOptions): Promise<unknown> {
    if (format === undefined && (await readBody(request, options)).length === 0) return undefined;
    this.#assertAccepted(request, format);
    if (format === 'form') {
      await parseBody(request, options);
      return request.form.all();
    }
    if ((await readBody(request, options)).length === 0) return undefined;
    return parseJson(request, options);
  }

  #assertAccepted(request: Request, format: string | undefined): void {
    const { acceptFormat } = this.mapping;
    if (format === undefined || !acceptFormat.includes(format)) {
      throw new UnsupportedMediaTypeHttpException(`Unsupported format, expects "${acceptFormat.join('", "')}", but "${format ?? request.headers.get('content-type') ?? 'none'}" given.`);
    }
  }
}
