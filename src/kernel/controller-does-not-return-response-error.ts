/** The controller returned something no kernel.view listener turned into a Response. */
export class ControllerDoesNotReturnResponseError extends Error {
  override name = 'ControllerDoesNotReturnResponseError';
}
