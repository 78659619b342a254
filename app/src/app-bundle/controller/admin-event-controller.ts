import { Request } from 'sluice';
import { Response } from 'sluice';
import { RedirectResponse } from 'sluice';
import { Session } from 'sluice';
import { parseBody } from 'sluice';
import type { CsrfTokenManager } from 'sluice/security';
import type { SecurityUser } from 'sluice/security';
import type { TemplateEngine } from 'sluice';
import { Route } from 'sluice/decorators';
import { Template } from 'sluice/decorators';
import { IsGranted } from 'sluice/decorators';
import { ParamConverter } from 'sluice/decorators';
import { Args } from 'sluice/decorators';
import { Event } from '../entity/event.ts';
import type { EventRepository } from '../entity/event-repository.ts';
import type { EventImages } from '../image/event-images.ts';
import { EventForm } from '../form/event-form.ts';

export interface AdminServices {
  events: () => EventRepository;
  images: () => EventImages;
  csrf: () => CsrfTokenManager;
  templating: () => TemplateEngine;
  /** The path of a named route. */
  path: (name: string, parameters?: Record<string, unknown>) => string;
}

/** Form fields other than the image: a few KiB is plenty. */
const FIELDS_ALLOWANCE = 64 * 1024;

/**
 * The admin area: the list of every event, and the forms that create and change them.
 * Only ROLE_ADMIN gets in; anyone else is sent to the login page first. A form that does
 * not validate (or whose CSRF token is wrong) is shown again with its errors, with status
 * 422, and nothing is stored.
 */
@Route('/admin/events', { name: 'app_admin_event_' })
@IsGranted('ROLE_ADMIN')
export class AdminEventController {
  readonly #services: AdminServices;

  constructor(services: AdminServices) {
    this.#services = services;
  }

  @Route('', { name: 'index', methods: 'GET' })
  @Template()
  @Args({ user: Object })
  async indexAction(user: SecurityUser): Promise<object> {
    return { events: await this.#services.events().all(), user };
  }

  @Route('/new', { name: 'new', methods: ['GET', 'POST'] })
  @Template()
  @Args({ request: Request, session: Session, user: Object })
  async newAction(request: Request, session: Session, user: SecurityUser): Promise<object | Response> {
    if (!request.isMethod('POST')) return { form: EventForm.of(), user };
    const form = await this.#submit(request, session, 'event_new', true);
    if (!form.isValid) return this.#invalid('@App/admin_event/new.html.twig', { form, user });
    const event = new Event({ ...form.fields(), image: null });
    event.image = await this.#services.images().store(form.image!, event.title);
    event.id = Number(await this.#services.images().removedIfFails(event.image, () => this.#services.events().insert(event)));
    await session.flashes.add('notice', 'flash.event_created');
    return new RedirectResponse(this.#services.path('app_admin_event_index'));
  }

  @Route('/{id}/edit', { name: 'edit', requirements: { id: '\\d+' }, methods: ['GET', 'POST'] })
  @ParamConverter('event', { class: Event })
  @Template()
  @Args({ request: Request, session: Session, event: Event, user: Object })
  async editAction(request: Request, session: Session, event: Event, user: SecurityUser): Promise<object | Response> {
    if (!request.isMethod('POST')) return { form: EventForm.of(event), event, user };
    const form = await this.#submit(request, session, `event_edit_${event.id}`, false);
    if (!form.isValid) return this.#invalid('@App/admin_event/edit.html.twig', { form, event, user });
    // A new image is a new file: pages cached with the old one keep showing it, not a different picture.
    const stored = form.image === undefined ? undefined : await this.#services.images().store(form.image, form.values.title);
    event.change({ ...form.fields(), image: stored ?? event.image });
    const update = async (): Promise<void> => void (await this.#services.events().update(event));
    // a failed write must not leave the picture it came with behind, unused
    await (stored === undefined ? update() : this.#services.images().removedIfFails(stored, update));
    await session.flashes.add('notice', 'flash.event_updated');
    return new RedirectResponse(this.#services.path('app_admin_event_index'));
  }

  async #submit(request: Request, session: Session, tokenId: string, imageRequired: boolean): Promise<EventForm> {
    const images = this.#services.images();
    // Twice the image limit: a somewhat larger image gets the form's message, not an error page.
    await parseBody(request, { limit: 2 * images.maxBytes + FIELDS_ALLOWANCE });
    const csrf = this.#services.csrf();
    return EventForm.submit(request, { images, imageRequired, csrfValid: (token) => csrf.isTokenValid(session, tokenId, token) });
  }

  async #invalid(template: string, variables: Record<string, unknown>): Promise<Response> {
    return new Response(await this.#services.templating().render(template, variables), 422, { 'Content-Type': 'text/html; charset=UTF-8' });
  }
}
