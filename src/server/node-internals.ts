import type { Server } from 'node:http';

/**
 * Every use of Node's undocumented internals by the server, in one place, so that a Node
 * upgrade that changes one breaks here, and the tests of this module say so.
 */

/**
 * Has a node:http server answer a client that half-closed after its request (as
 * Http1Server does) instead of dropping the response: node's own `httpAllowHalfOpen`
 * switch, a plain property of http.Server that its types do not declare.
 */
export function answerHalfClosedClients(server: Server): void {
  if (!('httpAllowHalfOpen' in server)) throw new Error('This Node has no http.Server#httpAllowHalfOpen: the server cannot answer half-closed clients.');
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}
