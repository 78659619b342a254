import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface Activity {
  /** Requests received and not yet answered (or abandoned). */
  requests: number;
  /** When the last of them was done with, or the connection opened (Date.now()). */
  since: number;
  /** socket.bytesRead then: more read since means a next request has begun. */
  bytesRead: number;
  /** How many calls of closeIdle have found it waiting since. */
  sweeps: number;
}

/**
 * The connections of a node:http server and whether each is between requests, for a
 * close that loses nothing: node's own closeIdleConnections drops a connection the
 * moment its response is written, when its client may already be sending the next
 * request on it. This tells which connections have waited, with nothing received,
 * for long enough that no request can be on its way.
 */
export class NodeConnections {
  readonly #activity = new Map<Socket, Activity>();

  /** Follows `server`'s connections from now on (`secureConnection` for HTTPS: the sockets its requests carry). */
  constructor(server: Server, secure: boolean) {
    server.on(secure ? 'secureConnection' : 'connection', (socket: Socket) => {
      this.#activity.set(socket, { requests: 0, since: Date.now(), bytesRead: 0, sweeps: 0 });
      socket.once('close', () => this.#activity.delete(socket));
    });
  }

  /** A request arrived on `socket`; `ended` is called once it is answered or abandoned. */
  begun(socket: Socket): void {
    const activity = this.#activity.get(socket);
    if (activity !== undefined) activity.requests++;
  }

  /** A request `begun` on `socket` was answered or abandoned. */
  ended(socket: Socket): void {
    const activity = this.#activity.get(socket);
    // (a response the client left early may be told done with twice: a file, then the application)
    if (activity === undefined || activity.requests === 0) return;
    activity.requests--;
    activity.since = Date.now();
    activity.bytesRead = socket.bytesRead;
    activity.sweeps = 0;
  }

  /** Destroys the connections with no request in progress that have received nothing for `idleForMs`, found so by three calls. */
  closeIdle(idleForMs: number): void {
    const now = Date.now();
    for (const [socket, activity] of this.#activity) {
      if (activity.requests === 0 && socket.bytesRead === activity.bytesRead && now - activity.since >= idleForMs) {
        // on the third call that finds it so (see Http1Server.closeIdleConnections)
        if (++activity.sweeps >= 3) socket.destroy();
      }
    }
  }
}
