import type { RequestEvent } from '../event/request-event.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import type { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
import type { ViewEvent } from '../event/view-event.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import type { FinishRequestEvent } from '../event/finish-request-event.ts';
import type { TerminateEvent } from '../event/terminate-event.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';

/** The kernel's events, in the order a request meets them (see docs/lifecycle.md). */
export const KernelEvents = {
  REQUEST: 'kernel.request',
  CONTROLLER: 'kernel.controller',
  CONTROLLER_ARGUMENTS: 'kernel.controller_arguments',
  VIEW: 'kernel.view',
  RESPONSE: 'kernel.response',
  FINISH_REQUEST: 'kernel.finish_request',
  TERMINATE: 'kernel.terminate',
  EXCEPTION: 'kernel.exception',
} as const;

export interface KernelEventMap {
  'kernel.request': RequestEvent;
  'kernel.controller': ControllerEvent;
  'kernel.controller_arguments': ControllerArgumentsEvent;
  'kernel.view': ViewEvent;
  'kernel.response': ResponseEvent;
  'kernel.finish_request': FinishRequestEvent;
  'kernel.terminate': TerminateEvent;
  'kernel.exception': ExceptionEvent;
}

declare module '../event-dispatcher/event-map.ts' {
  interface EventMap extends KernelEventMap {}
}
