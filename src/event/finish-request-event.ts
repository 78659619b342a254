import { KernelEvent } from './kernel-event.ts';

/** kernel.finish_request: a request is done; listeners restore what they changed for it (locale, router context). */
export class FinishRequestEvent extends KernelEvent {}
