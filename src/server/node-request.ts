import { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { TransportRequest } from './transport.ts';
import { NodeResponse } from './node-response.ts';

/**
 * node:http's request as a TransportRequest: node's own IncomingMessage, made by node
 * itself (the `IncomingMessage` option of createServer), with the one member it lacks.
 * An IncomingMessage is its own body stream.
 */
export class NodeRequest extends IncomingMessage implements TransportRequest {
  /** The request itself when it has a body: RFC 9112 §6.3, when it says how the body is framed, whatever its method. */
  get body(): Readable | undefined {
    const length = this.headers['content-length'];
    return this.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0') ? this : undefined;
  }
}

/**
 * The createServer options that have node:http make NodeRequests and NodeResponses.
 * NodeResponse is typed as node's own class: its members of its own (whenWritten) would
 * otherwise keep a server of it from being typed as node's, which the servers are.
 */
export const nodeRequestOptions = { IncomingMessage: NodeRequest, ServerResponse: NodeResponse as typeof ServerResponse } as const;
