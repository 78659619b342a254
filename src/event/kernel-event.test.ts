import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Event } from '../event-dispatcher/event.ts';
import { EventDispatcher } from '../event-dispatcher/event-dispatcher.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { RequestType } from '../kernel/request-type.ts';
import { KernelEvent } from './kernel-event.ts';
import { KernelRequestEvent, RequestEvent } from './request-event.ts';
import { ControllerEvent, KernelControllerEvent } from './controller-event.ts';
import { ControllerArgumentsEvent, KernelControllerArgumentsEvent } from './controller-arguments-event.ts';
import { ViewEvent } from './view-event.ts';
import { ResponseEvent } from './response-event.ts';
import { FinishRequestEvent } from './finish-request-event.ts';
import { TerminateEvent } from './terminate-event.ts';
import { ExceptionEvent } from './exception-event.ts';

const kernel: HttpKernelInterface = { handle: () => Promise.resolve(new Response()) };
const request = Request.create('/');
const controller = (): Response => new Response();

/** An application's own kernel event, written the documented way. */
class AuditEvent extends KernelEvent {
  readonly action: string;

  constructor(request: Request, action: string) {
    super(kernel, request, RequestType.SUB);
    this.action = action;
  }
}

describe('Kernel events', () => {
  const events: Array<[string, KernelEvent, RequestType]> = [
    ['RequestEvent', new RequestEvent(kernel, request, RequestType.MAIN), RequestType.MAIN],
    ['ControllerEvent', new ControllerEvent(kernel, controller, request, RequestType.SUB), RequestType.SUB],
    ['ControllerArgumentsEvent', new ControllerArgumentsEvent(kernel, controller, [], request, RequestType.MAIN), RequestType.MAIN],
    ['ViewEvent', new ViewEvent(kernel, request, RequestType.SUB, 'result'), RequestType.SUB],
    ['ResponseEvent', new ResponseEvent(kernel, request, RequestType.MAIN, new Response()), RequestType.MAIN],
    ['FinishRequestEvent', new FinishRequestEvent(kernel, request, RequestType.SUB), RequestType.SUB],
    ['TerminateEvent', new TerminateEvent(kernel, request, new Response()), RequestType.MAIN],
    ['ExceptionEvent', new ExceptionEvent(kernel, request, RequestType.MAIN, new Error('x')), RequestType.MAIN],
    ['an application\'s own subclass', new AuditEvent(request, 'login'), RequestType.SUB],
  ];

  for (const [name, event, type] of events) {
    it(`${name} carries its kernel, request and type, and starts not stopped`, () => {
      assert.equal(event.kernel, kernel);
      assert.equal(event.request, request);
      assert.equal(event.requestType, type);
      assert.equal(event.isMainRequest(), type === RequestType.MAIN);
      assert.equal(event.isPropagationStopped(), false);
    });
  }

  describe('the events the kernel makes through kernelMadeEvent', () => {
    const made: Array<[string, KernelEvent, KernelEvent, Function]> = [
      ['RequestEvent', new KernelRequestEvent(kernel, request, RequestType.SUB), new RequestEvent(kernel, request, RequestType.SUB), RequestEvent],
      ['ControllerEvent', new KernelControllerEvent(kernel, controller, request, RequestType.SUB), new ControllerEvent(kernel, controller, request, RequestType.SUB), ControllerEvent],
      ['ControllerArgumentsEvent', new KernelControllerArgumentsEvent(kernel, controller, [1], request, RequestType.SUB), new ControllerArgumentsEvent(kernel, controller, [1], request, RequestType.SUB), ControllerArgumentsEvent],
    ];
    for (const [name, event, fromClass, eventClass] of made) {
      it(`a ${name} is one of its class, a KernelEvent and an Event, with its class as constructor`, () => {
        assert.ok(event instanceof eventClass);
        assert.ok(event instanceof KernelEvent);
        assert.ok(event instanceof Event);
        assert.equal(event.constructor, eventClass);
        assert.equal(Object.getPrototypeOf(event), eventClass.prototype);
      });

      it(`a ${name} has the same fields, in the same order, as one its class makes`, () => {
        assert.deepEqual(Object.keys(event), Object.keys(fromClass));
        assert.deepEqual(event, fromClass);
        assert.equal(event.isMainRequest(), false);
        assert.equal(event.isPropagationStopped(), false);
      });
    }

    it('a RequestEvent made so takes a response and stops there, as any', () => {
      const event = new KernelRequestEvent(kernel, request, RequestType.MAIN);
      const response = new Response('early');
      event.setResponse(response);
      assert.deepEqual([event.response, event.hasResponse(), event.isPropagationStopped()], [response, true, true]);
    });
  });

  it('a RequestEvent has neither response nor failure until a listener gives one', () => {
    const event = new RequestEvent(kernel, request, RequestType.MAIN);
    assert.deepEqual([event.response, event.failure, event.hasResponse()], [undefined, undefined, false]);
  });

  it('stopping one event leaves the others, of its class or another, running', () => {
    const stopped = new RequestEvent(kernel, request, RequestType.MAIN);
    const other = new RequestEvent(kernel, request, RequestType.MAIN);
    const plain = new Event();
    stopped.setResponse(new Response('early'));
    assert.deepEqual([stopped.isPropagationStopped(), other.isPropagationStopped(), plain.isPropagationStopped()], [true, false, false]);
  });

  it('a stopped event stops the dispatch, a fresh one of the same class does not', () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    dispatcher.addListener('e', (event: FinishRequestEvent) => {
      calls.push('first');
      if (event.requestType === RequestType.SUB) event.stopPropagation();
    }, 10);
    dispatcher.addListener('e', () => void calls.push('second'));
    dispatcher.dispatch(new FinishRequestEvent(kernel, request, RequestType.SUB), 'e');
    dispatcher.dispatch(new FinishRequestEvent(kernel, request, RequestType.MAIN), 'e');
    assert.deepEqual(calls, ['first', 'first', 'second']);
  });
});
