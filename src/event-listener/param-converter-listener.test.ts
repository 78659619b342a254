import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ParamConverterListener } from './param-converter-listener.ts';
import { ParamConverterManager } from '../param-converter/param-converter-manager.ts';
import { DateTimeParamConverter } from '../param-converter/date-time-param-converter.ts';
import type { ParamConverterInterface } from '../param-converter/param-converter-interface.ts';
import { ControllerEvent } from '../event/controller-event.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { Controller } from '../controller/controller.ts';
import { declareArguments } from '../controller/argument-metadata.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';
import { Args } from '../decorators/args.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

/** Records the configurations it is asked to convert. */
class Spy implements ParamConverterInterface {
  readonly seen: ParamConverterConfiguration[] = [];
  supports(): boolean { return true; }
  apply(_request: Request, configuration: ParamConverterConfiguration): boolean {
    this.seen.push(configuration);
    return true;
  }
}

class ReportController {
  @Args({ day: Date, since: { type: Date, optional: true, nullable: true }, page: { type: Number, optional: true }, request: Request })
  dayAction(day: Date, since: Date | null = null, page = 1, request?: Request) { return [day, since, page, request]; }
  @Args({ id: String })
  plainAction(id: string) { return id; }
}

function dispatch(controller: Controller, attributes: Record<string, unknown>, converter: ParamConverterInterface, autoConvert = true): Request {
  const request = Request.create('/', 'GET', { attributes });
  const result = new ParamConverterListener(new ParamConverterManager().add(converter), autoConvert)
    .onKernelController(new ControllerEvent(kernel, controller, request, RequestType.MAIN));
  assert.equal(result, undefined);
  return request;
}

describe('ParamConverterListener', () => {
  it('converts every parameter declared with a class, without a declaration', () => {
    const request = dispatch([new ReportController(), 'dayAction'], { day: '2030-05-01', since: '1893456000' }, new DateTimeParamConverter());
    assert.equal((request.attributes.get('day') as Date).toISOString(), '2030-05-01T00:00:00.000Z');
    assert.equal((request.attributes.get('since') as Date).toISOString(), '2030-01-01T00:00:00.000Z');
  });

  it('marks parameters with a default or declared nullable as optional', () => {
    const spy = new Spy();
    dispatch([new ReportController(), 'dayAction'], {}, spy);
    assert.deepEqual(spy.seen.map((c) => [c.name, c.isOptional]), [['day', false], ['since', true]]);
  });

  it('does not convert a parameter declared as the request\'s class', () => {
    const spy = new Spy();
    dispatch([new ReportController(), 'dayAction'], {}, spy);
    assert.ok(!spy.seen.some((c) => c.name === 'request'));
  });

  it('leaves parameters without a declared class alone', () => {
    const spy = new Spy();
    dispatch([new ReportController(), 'plainAction'], { id: '1' }, spy);
    assert.deepEqual(spy.seen, []);
  });

  it('completes a declaration with the parameter\'s class and optionality', () => {
    const spy = new Spy();
    const declared: ParamConverterConfiguration = { name: 'since', options: { format: 'Y-m-d' }, isOptional: false, annotation: 'ParamConverter' };
    dispatch([new ReportController(), 'dayAction'], { _converters: [declared] }, spy);
    assert.deepEqual(spy.seen.find((c) => c.name === 'since'), { ...declared, class: Date, isOptional: true });
    assert.equal(declared.class, undefined);
  });

  it('converts declared parameters only when auto-conversion is off', () => {
    const spy = new Spy();
    const declared: ParamConverterConfiguration = { name: 'since', class: Date, options: {}, isOptional: false, annotation: 'ParamConverter' };
    dispatch([new ReportController(), 'dayAction'], { _converters: [declared] }, spy, false);
    assert.deepEqual(spy.seen.map((c) => c.name), ['since']);
  });

  it('converts for function controllers too', () => {
    const show = (day: Date) => day;
    declareArguments(show, { day: Date });
    const request = dispatch(show, { day: '2030-05-01' }, new DateTimeParamConverter());
    assert.ok(request.attributes.get('day') instanceof Date);
  });

  it('works out the configurations of a controller that declares none once, the same for every request', () => {
    const spy = new Spy();
    const controller: Controller = [new ReportController(), 'dayAction'];
    dispatch(controller, {}, spy);
    const first = [...spy.seen];
    spy.seen.length = 0;
    dispatch(controller, {}, spy);
    assert.deepEqual(first.map((configuration) => configuration.name), ['day', 'since']);
    assert.deepEqual(spy.seen, first);
    spy.seen.forEach((configuration, i) => assert.equal(configuration, first[i]));
  });

  it('leaves out a request-typed parameter by what each request is, requests of two classes in turn', () => {
    class SignedRequest extends Request {}
    const controller = (request: SignedRequest, day: Date) => [request, day];
    declareArguments(controller, { request: SignedRequest, day: Date });
    const converted = (request: Request): string[] => {
      const spy = new Spy();
      new ParamConverterListener(new ParamConverterManager().add(spy)).onKernelController(new ControllerEvent(kernel, controller, request, RequestType.MAIN));
      return spy.seen.map((configuration) => configuration.name);
    };
    const signed = (): Request => new SignedRequest({ method: 'GET', url: '/' });
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(converted(signed()), ['day'], 'the request is what the parameter asks for');
      assert.deepEqual(converted(signed()), ['day']);
      assert.deepEqual(converted(Request.create('/')), ['request', 'day'], 'a plain request is not');
    }
  });

  it('answers two controllers in turn each by its own parameters', () => {
    const byDay = (day: Date, request: Request) => [day, request];
    declareArguments(byDay, { day: Date, request: Request });
    const bySince = (since: Date) => since;
    declareArguments(bySince, { since: Date });
    const converted = (controller: Controller): string[] => {
      const spy = new Spy();
      new ParamConverterListener(new ParamConverterManager().add(spy)).onKernelController(new ControllerEvent(kernel, controller, Request.create('/'), RequestType.MAIN));
      return spy.seen.map((configuration) => configuration.name);
    };
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(converted(byDay), ['day']);
      assert.deepEqual(converted(byDay), ['day']);
      assert.deepEqual(converted(bySince), ['since']);
    }
  });

});
