import { NodeServer } from '../../src/server/node-server.ts';
import { JsonResponse } from '../../src/http/json-response.ts';
import { announce } from './announce.ts';

// Diagnostic, not a peer: our server (its default transport, Http1Server) and adapter
// answering a fixed JSON response with no kernel, so a run can split our cost between
// the transport with the adapter and the listener chain
// (`npm run bench:instructions -- --servers=node:http,sluice-adapter,sluice,fastify`).
const server = new NodeServer({ app: { handle: () => new JsonResponse({ hello: 'world' }), terminate: () => {} } });
announce(await server.listen({ port: 0 }));
