import { Request, Response, View, ValidationFailedHttpException, UnsupportedMediaTypeHttpException, UploadedFile, readBody } from 'sluice';
import { Args, Route, ParamConverter, IsGranted, MapRequestPayload, MapQueryString, ApiOperation, RateLimit } from 'sluice/decorators';
import { Event } from '../entity/event.ts';
import type { EventRepository } from '../entity/event-repository.ts';
import type { EventImages } from '../image/event-images.ts';
import { EventInput, EventList, EventOutput, EventPage, EventPatch } from '../api/event-input.ts';

export interface ApiServices {
  events: () => EventRepository;
  images: () => EventImages;
  /** The absolute URL of a named route. */
  url: (name: string, parameters?: Record<string, unknown>) => string;
}

const READ = ['event:read'];
/** Each token's writes share one limit (`api_writes`, APP_API_WRITE_LIMIT a minute); reads are not limited. */
const writes = { limiter: 'api_writes', key: 'token' } as const;

/**
 * The events as a JSON API. Reading is public; writing needs a token of an admin
 * (`Authorization: Bearer <token>`, see `app:token:create`). Bodies are checked by the
 * schemas of api/event-input.ts, which also document the API (`/api/doc.json`).
 */
@Route('/api/events', { name: 'api_event_', defaults: { _format: 'json' } })
export class ApiEventController {
  readonly #services: ApiServices;

  constructor(services: ApiServices) {
    this.#services = services;
  }

  @Route('', { name: 'list', methods: 'GET' })
  @MapQueryString('query', EventPage)
  @ApiOperation({ summary: 'Lists the events, soonest first, a page at a time', tags: ['events'], responses: { 200: { description: 'A page of events', schema: EventList } } })
  @Args({ query: Object })
  async listAction(query: EventPage): Promise<View> {
    const { items, total } = await this.#services.events().page(query.page, query.perPage);
    return new View({ items, page: query.page, perPage: query.perPage, total }, { groups: READ });
  }

  @Route('/{id}', { name: 'show', requirements: { id: '\\d+' }, methods: 'GET' })
  @ParamConverter('event', { class: Event })
  @ApiOperation({ summary: 'Shows an event', tags: ['events'], responses: { 200: { description: 'The event', schema: EventOutput }, 404: { description: 'No such event' } } })
  @Args({ event: Event })
  showAction(event: Event): View {
    return new View(event, { groups: READ });
  }

  @Route('', { name: 'create', methods: 'POST' })
  @IsGranted('ROLE_ADMIN')
  @RateLimit(writes)
  @MapRequestPayload('input', EventInput, { acceptFormat: ['json'] })
  @ApiOperation({ summary: 'Creates an event', tags: ['events'], responses: { 201: { description: 'The new event', schema: EventOutput, headers: { Location: { description: 'The URL of the new event' } } } } })
  @Args({ input: Object })
  async createAction(input: EventInput): Promise<View> {
    const event = new Event({ ...input, startsAt: new Date(input.startsAt), image: null });
    event.id = Number(await this.#services.events().insert(event));
    return new View(event, { status: 201, headers: { Location: this.#services.url('api_event_show', { id: event.id }) }, groups: READ });
  }

  @Route('/{id}', { name: 'update', requirements: { id: '\\d+' }, methods: 'PATCH' })
  @IsGranted('ROLE_ADMIN')
  @RateLimit(writes)
  @ParamConverter('event', { class: Event })
  @MapRequestPayload('input', EventPatch, { acceptFormat: ['json'] })
  @ApiOperation({ summary: 'Changes some fields of an event', tags: ['events'], responses: { 200: { description: 'The changed event', schema: EventOutput }, 404: { description: 'No such event' } } })
  @Args({ event: Event, input: Object })
  async updateAction(event: Event, input: EventPatch): Promise<View> {
    const { startsAt, ...rest } = input;
    event.change({ ...rest, ...(startsAt !== undefined && { startsAt: new Date(startsAt) }) });
    await this.#services.events().update(event);
    return new View(event, { groups: READ });
  }

  @Route('/{id}', { name: 'delete', requirements: { id: '\\d+' }, methods: 'DELETE' })
  @IsGranted('ROLE_ADMIN')
  @RateLimit(writes)
  @ParamConverter('event', { class: Event })
  @ApiOperation({ summary: 'Deletes an event', tags: ['events'], responses: { 204: { description: 'Deleted' }, 404: { description: 'No such event' } } })
  @Args({ event: Event })
  async deleteAction(event: Event): Promise<Response> {
    await this.#services.events().delete(event.id);
    return new Response('', 204);
  }

  @Route('/{id}/picture', { name: 'picture', requirements: { id: '\\d+' }, methods: 'PUT' })
  @IsGranted('ROLE_ADMIN')
  @RateLimit(writes)
  @ParamConverter('event', { class: Event })
  @ApiOperation({
    summary: 'Replaces the picture of an event',
    tags: ['events'],
    requestBody: { contentType: 'image/jpeg', description: 'The JPEG file itself' },
    responses: { 204: { description: 'Stored' }, 404: { description: 'No such event' }, 413: { description: 'Too large to read' }, 415: { description: 'Not image/jpeg' }, 422: { description: 'Not a JPEG, or too large' } },
  })
  @Args({ request: Request, event: Event })
  async pictureAction(request: Request, event: Event): Promise<Response> {
    if (request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() !== 'image/jpeg') {
      throw new UnsupportedMediaTypeHttpException('The picture must be sent as image/jpeg.');
    }
    const images = this.#services.images();
    // Twice the limit, as the admin form: a somewhat larger picture gets the size message, not a 413.
    const bytes = await readBody(request, { limit: 2 * images.maxBytes });
    const file = new UploadedFile(new File([bytes], 'picture.jpg', { type: 'image/jpeg' }));
    const problem = await images.problemWith(file);
    if (problem !== undefined) throw new ValidationFailedHttpException([{ propertyPath: 'picture', title: problem }]);
    event.change({ image: await images.store(file, event.title) });
    await this.#services.events().update(event);
    return new Response('', 204);
  }
}
