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

  async handle(request: Request): Promise<Response> {
    this.requests.push(request);
    return this.handler(request);
  }

  async terminate(request: Request, response: Response): Promise<void> {
    this.terminated.push({ request, response });
    await this.onTerminate(request, response);
  }
}
