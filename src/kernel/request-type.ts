/** A main request comes from the client; a sub-request is made while handling one (the error page). */
export const RequestType = {
  MAIN: 1,
  SUB: 2,
} as const;

export type RequestType = (typeof RequestType)[keyof typeof RequestType];
