import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Event } from '../event-dispatcher/event.ts';
import { EventDispatcher } from '../event-dispatcher/event-dispatcher.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { RequestType } from '../kernel/request-type.ts';
import { KernelEvent } from './kernel-event.ts';
import { RequestEvent } from './request-event.ts';
import { ControllerEvent } from './controller-event.ts';
import { ControllerArgumentsEvent } from './controller-arguments-event.ts';
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
