import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ParamConverterManager } from './param-converter-manager.ts';
import type { ParamConverterInterface } from './param-converter-interface.ts';
import { Request } from '../http/request.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';

class Thing {
  constructor(readonly by: string) {}
}

/** A converter that records its calls and sets `Thing(by)` when it applies. */
class RecordingConverter implements ParamConverterInterface {
  readonly calls: string[] = [];
  constructor(readonly label: string, readonly applies = true, readonly supported = true, readonly async = false) {}
  supports(): boolean {
    return this.supported;
  }
  apply(request: Request, configuration: ParamConverterConfiguration): boolean | Promise<boolean> {
    this.calls.push(configuration.name);
    if (this.applies) request.attributes.set(configuration.name, new Thing(this.label));
    return this.async ? Promise.resolve(this.applies) : this.applies;
  }
}

const config = (converter?: string): ParamConverterConfiguration =>
  ({ name: 'thing', class: Thing, options: {}, isOptional: false, annotation: 'ParamConverter', ...(converter !== undefined && { converter }) });
const request = () => Request.create('/', 'GET', { attributes: { thing: '1' } });

describe('ParamConverterManager', () => {
  it('tries converters by priority, highest first, until one converts', () => {
    const low = new RecordingConverter('low');
    const declining = new RecordingConverter('declining', false);
    const high = new RecordingConverter('high');
    const manager = new ParamConverterManager().add(low, 0).add(high, 10).add(declining, 20);
    const req = request();
    manager.apply(req, [config()]);
    assert.deepEqual([declining.calls, high.calls, low.calls], [['thing'], ['thing'], []]);
    assert.equal((req.attributes.get('thing') as Thing).by, 'high');
  });

  it('skips converters that do not support the parameter', () => {
    const unsupported = new RecordingConverter('no', true, false);
    const manager = new ParamConverterManager().add(unsupported, 10).add(new RecordingConverter('yes'), 0);
    const req = request();
    manager.apply(req, [config()]);
    assert.equal((req.attributes.get('thing') as Thing).by, 'yes');
  });

  it('leaves an attribute that already is an instance of the class alone', () => {
    const converter = new RecordingConverter('any');
    const req = Request.create('/', 'GET', { attributes: { thing: new Thing('given') } });
    new ParamConverterManager().add(converter).apply(req, [config()]);
    assert.deepEqual(converter.calls, []);
  });

  it('uses only the named converter when the declaration names one', () => {
    const first = new RecordingConverter('first');
    const named = new RecordingConverter('named');
    const req = request();
    new ParamConverterManager().add(first, 100).add(named, null, 'mine').apply(req, [config('mine')]);
    assert.equal((req.attributes.get('thing') as Thing).by, 'named');
    assert.deepEqual(first.calls, []);
  });

  it('names a converter that does not exist', () => {
    assert.throws(() => new ParamConverterManager().apply(request(), [config('nope')]), { message: "No converter named 'nope' found for conversion of parameter 'thing'." });
  });

  it('names a converter that does not support the parameter', () => {
    const manager = new ParamConverterManager().add(new RecordingConverter('x', true, false), 0, 'picky');
    assert.throws(() => manager.apply(request(), [config('picky')]), { message: "Converter 'picky' does not support conversion of parameter 'thing'." });
  });

  it('stays synchronous while every converter is', () => {
    assert.equal(new ParamConverterManager().add(new RecordingConverter('sync')).apply(request(), [config()]), undefined);
  });

  it('awaits an asynchronous converter before trying the next or converting the next parameter', async () => {
    const declining = new RecordingConverter('declining', false, true, true);
    const converting = new RecordingConverter('async', true, true, true);
    const req = Request.create('/', 'GET', { attributes: { thing: '1', other: '2' } });
    const pending = new ParamConverterManager().add(declining, 10).add(converting, 0).apply(req, [config(), { ...config(), name: 'other' }]);
    assert.ok(pending instanceof Promise);
    await pending;
    assert.deepEqual([declining.calls, converting.calls], [['thing', 'other'], ['thing', 'other']]);
    assert.equal((req.attributes.get('other') as Thing).by, 'async');
  });
});
