import { Response } from '../../../../src/http/response.ts';

/** The home page of the events site. */
export class DefaultController {
  indexAction(): Response {
    return new Response('<!DOCTYPE html>\n<html lang="en"><head><meta charset="UTF-8"><title>Events</title></head>' +
      '<body><h1>Upcoming events</h1><img src="/bundles/app/images/events/opening.JPG" alt="Opening night"></body></html>\n');
  }
}
