import type { Request } from '../../http/request.ts';
import type { Response } from '../../http/response.ts';
import type { HttpApplication } from '../http-application.ts';

export type Handler = (request: Request) => Response | Promise<Response>;

/** An HttpApplication for tests: answers with `handler` and records what it was given. */
export class FakeApplication implements HttpApplication {
  readonly requests: Request[] = [];
  readonly terminated: Array<{ request: Request; response: Response }> = [];
  handler: Handler;
  onTerminate: (request: Request, response: Response) => void | Promise<void> = () => {};

  constructor(handler: Handler) {
    this.handler = handler;
  }

  /** Answers as the handler does: synchronously, or with its promise (as the kernel's `respond`). */
  handle(request: Request): Response | Promise<Response> {
    this.requests.push(request);
    return this.handler(request);
  }

  terminate(request: Request, response: Response): void | Promise<void> {
    this.terminated.push({ request, response });
    return this.onTerminate(request, response);
  }
}
