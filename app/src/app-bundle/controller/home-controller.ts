import { Request } from 'sluice';
import { Route } from 'sluice/decorators';
import { Template } from 'sluice/decorators';
import { Args } from 'sluice/decorators';
import type { EventRepository } from '../entity/event-repository.ts';

/** The home page: the events to come, with their pictures. */
export class HomeController {
  readonly #events: () => EventRepository;

  constructor(events: () => EventRepository) {
    this.#events = events;
  }

  @Route('/', { name: 'app_home' })
  @Route('/{_locale}', { name: 'app_home_localized', requirements: { _locale: 'en|fr' } })
  @Template()
  @Args({ request: Request })
  async indexAction(request: Request): Promise<object> {
    return { events: await this.#events().upcoming(), locale: request.getLocale() };
  }
}
