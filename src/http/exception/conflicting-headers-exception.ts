import { RequestException } from './request-exception.ts';

/** A trusted `Forwarded` header disagrees with a trusted `X-Forwarded-*` header. */
export class ConflictingHeadersException extends RequestException {}
