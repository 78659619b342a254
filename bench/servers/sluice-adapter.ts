import { NodeServer } from 'sluice/server';
import { JsonResponse } from 'sluice';
import { announce } from './announce.ts';

// Diagnostic, not a peer: our server (its default transport, Http1Server) and adapter
// answering a fixed JSON response with no kernel, so a run can split our cost between
// the transport with the adapter and the listener chain
// (`npm run bench:instructions -- --servers=node:http,sluice-adapter,sluice,fastify`).
const server = new NodeServer({ app: { handle: () => new JsonResponse({ hello: 'world' }), terminate: () => {} } });
announce(await server.listen({ port: 0 }));
