import { RequestException } from './request-exception.ts';

/** The request tries something an honest client never does (a bad or untrusted Host). */
export class SuspiciousOperationException extends RequestException {}
