import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DateTimeParamConverter } from './date-time-param-converter.ts';
import { Request } from '../http/request.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';

const converter = new DateTimeParamConverter();
const config = (options: Record<string, unknown> = {}, isOptional = false, type: Function = Date): ParamConverterConfiguration =>
  ({ name: 'start', class: type, options, isOptional, annotation: 'ParamConverter' });
const request = (start?: unknown) => Request.create('/', 'GET', { attributes: start === undefined ? {} : { start } });

describe('DateTimeParamConverter', () => {
  it('supports Date and its subclasses only', () => {
    class Day extends Date {}
    assert.deepEqual([converter.supports(config()), converter.supports(config({}, false, Day)), converter.supports(config({}, false, String))], [true, true, false]);
  });

  it('converts an attribute in the declared format', () => {
    const req = request('2030-05-01');
    assert.equal(converter.apply(req, config({ format: 'Y-m-d' })), true);
    assert.equal((req.attributes.get('start') as Date).toISOString(), '2030-05-01T00:00:00.000Z');
  });

  it('reads a non-negative integer as a Unix timestamp', () => {
    const req = request('1893456000');
    converter.apply(req, config());
    assert.equal((req.attributes.get('start') as Date).toISOString(), '2030-01-01T00:00:00.000Z');
  });

  it('reads any date Date.parse reads when no format is declared', () => {
    const req = request('2030-05-01T10:00:00Z');
    converter.apply(req, config());
    assert.equal((req.attributes.get('start') as Date).getTime(), Date.UTC(2030, 4, 1, 10));
  });

  it('builds the declared Date subclass', () => {
    class Day extends Date {}
    const req = request('2030-05-01');
    converter.apply(req, config({ format: 'Y-m-d' }, false, Day));
    assert.ok(req.attributes.get('start') instanceof Day);
  });

  it('answers 404 for a date that does not match the format', () => {
    assert.throws(() => converter.apply(request('01/05/2030'), config({ format: 'Y-m-d' })), (error: unknown) => {
      assert.ok(error instanceof NotFoundHttpException);
      assert.equal(error.message, 'Invalid date given for parameter "start".');
      return true;
    });
  });

  it('answers 404 for text that is no date', () => {
    assert.throws(() => converter.apply(request('someday'), config()), { message: 'Invalid date given for parameter "start".' });
  });

  it('gives null for an empty optional attribute', () => {
    const req = request('');
    assert.equal(converter.apply(req, config({}, true)), true);
    assert.equal(req.attributes.get('start'), null);
  });

  it('does not convert when the request has no such attribute', () => {
    assert.equal(converter.apply(request(), config()), false);
  });
});
