import { RequestException } from './request-exception.ts';

/** The request target holds a percent-encoding that does not decode. */
export class MalformedUriException extends RequestException {}
