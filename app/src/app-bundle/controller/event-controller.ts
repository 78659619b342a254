import { Route } from 'sluice/decorators';
import { Cache } from 'sluice/decorators';
import { Template } from 'sluice/decorators';
import { ParamConverter } from 'sluice/decorators';
import { Args } from 'sluice/decorators';
import { Event } from '../entity/event.ts';

const otherLocale: Readonly<Record<string, string>> = { en: 'fr', fr: 'en' };

/**
 * An event's page, in English or French. The event comes from the parameter converter
 * (an unknown id is a 404); its update time gives Last-Modified and the ETag, so a
 * browser revalidating an unchanged page gets a 304 before this controller runs.
 */
export class EventController {
  @Route('/{_locale}/events/{id}', { name: 'app_event_show', requirements: { _locale: 'en|fr', id: '\\d+' }, methods: 'GET' })
  @ParamConverter('event', { class: Event })
  @Cache({
    public: true,
    maxage: 0,
    mustRevalidate: true,
    lastModified: 'event.updatedAt',
    // One page per event and language: both are in the URL, the tag says which version of it.
    etag: ({ event, _locale }) => `${(event as Event).id}|${(event as Event).updatedAt.toISOString()}|${String(_locale)}`,
  })
  @Template()
  @Args({ event: Event, _locale: String })
  showAction(event: Event, _locale: string): object {
    return { event, locale: _locale, otherLocale: otherLocale[_locale] ?? 'en' };
  }
}
