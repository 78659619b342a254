import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { TemplateListener } from './template-listener.ts';
import { Priority } from './priorities.ts';
import { EventDispatcher } from '../event-dispatcher/event-dispatcher.ts';
import { listenerName } from '../event-dispatcher/listener.ts';
import { ControllerEvent } from '../event/controller-event.ts';
import { ViewEvent } from '../event/view-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import type { Controller } from '../controller/controller.ts';
import { TwigEngine } from '../templating/twig/twig-engine.ts';
import { ArrayLoader } from '../templating/loader/array-loader.ts';
import { TemplateGuesser } from '../templating/template-guesser.ts';
import type { TemplateEngine } from '../templating/template-engine.ts';
import { Args } from '../decorators/args.ts';

class EventController {
  @Args({ event: String, venue: String })
  showAction(event: string, venue: string): void {
    void event;
    void venue;
  }
}

const templates = new ArrayLoader({
  'event/show.html.twig': '{{ event }} at {{ venue }}',
  'event/card.html.twig': '<b>{{ event }}</b>',
  'event/show.json.twig': '{"event": "{{ event }}"}',
});
const listener = new TemplateListener(new TwigEngine({ loader: templates }), new TemplateGuesser());

/** Runs the listener's two steps as the kernel would, around a controller that returned `result`. */
async function view(template: unknown, result: unknown, attributes: Record<string, unknown> = {}, controller: Controller = [new EventController(), 'showAction']): Promise<Response | undefined> {
  const request = Request.create('/events/1');
  if (template !== undefined) request.attributes.set('_template', template);
  for (const [key, value] of Object.entries(attributes)) request.attributes.set(key, value);
  listener.onKernelController(new ControllerEvent({} as never, controller, request, RequestType.MAIN));
  const event = new ViewEvent({} as never, request, RequestType.MAIN, result);
  await listener.onKernelView(event);
  return event.response;
}

async function sent(response: StreamedResponse): Promise<string[]> {
  const parts: string[] = [];
  await response.sendContent(new Writable({ write(chunk: Buffer, _encoding, done) { parts.push(chunk.toString()); done(); } }));
  return parts;
}

describe('TemplateListener', () => {
  it('is logged as TemplateListener::onKernelController at -128 and ::onKernelView at 0', () => {
    const dispatcher = new EventDispatcher();
    dispatcher.addSubscriber(listener);
    const [controller] = dispatcher.getListeners('kernel.controller');
    const [viewListener] = dispatcher.getListeners('kernel.view');
    assert.deepEqual([listenerName(controller!), dispatcher.getListenerPriority('kernel.controller', controller!)], ['TemplateListener::onKernelController', Priority.TEMPLATE_CONTROLLER]);
    assert.deepEqual([listenerName(viewListener!), dispatcher.getListenerPriority('kernel.view', viewListener!)], ['TemplateListener::onKernelView', 0]);
  });

  it('renders the guessed template with the object the controller returned', async () => {
    const response = await view({}, { event: 'Jazz Night', venue: 'The Cellar' });
    assert.deepEqual([response?.statusCode, response?.content], [200, 'Jazz Night at The Cellar']);
  });

  it('renders the declared template', async () => {
    assert.equal((await view({ template: 'event/card.html.twig' }, { event: 'Jazz' }))?.content, '<b>Jazz</b>');
  });

  it('accepts a bare template name as the declaration', async () => {
    assert.equal((await view('event/card.html.twig', { event: 'Jazz' }))?.content, '<b>Jazz</b>');
  });

  it('passes the action\'s arguments, from the request attributes, when the controller returns nothing', async () => {
    assert.equal((await view({}, undefined, { event: 'Opening', venue: 'Hall' }))?.content, 'Opening at Hall');
  });

  it('passes the declared vars instead, when given', async () => {
    assert.equal((await view({ vars: ['event'] }, null, { event: 'Opening', venue: 'Hall' }))?.content, 'Opening at ');
  });

  it('answers text/html for an HTML request', async () => {
    assert.equal((await view({}, {}))?.headers.get('Content-Type'), 'text/html');
  });

  it('renders the template of the request format with its content type', async () => {
    const request = Request.create('/events/1.json');
    request.attributes.set('_format', 'json');
    request.attributes.set('_template', {});
    listener.onKernelController(new ControllerEvent({} as never, [new EventController(), 'showAction'], request, RequestType.MAIN));
    const event = new ViewEvent({} as never, request, RequestType.MAIN, { event: 'Jazz' });
    await listener.onKernelView(event);
    assert.deepEqual([event.response?.content, event.response?.headers.get('Content-Type')], ['{"event": "Jazz"}', 'application/json']);
  });

  it('streams a streamable template, rendering only when sent', async () => {
    let renders = 0;
    const counting: TemplateEngine = { exists: () => true, render: () => String(++renders), async *renderStream() { renders++; yield 'part one, '; yield 'part two'; } };
    const streaming = new TemplateListener(counting, new TemplateGuesser());
    const request = Request.create('/');
    request.attributes.set('_template', { template: 'event/show.html.twig', streamable: true });
    streaming.onKernelController(new ControllerEvent({} as never, [new EventController(), 'showAction'], request, RequestType.MAIN));
    const event = new ViewEvent({} as never, request, RequestType.MAIN, {});
    await streaming.onKernelView(event);
    assert.ok(event.response instanceof StreamedResponse);
    assert.equal(renders, 0);
    assert.deepEqual(await sent(event.response), ['part one, ', 'part two']);
  });

  it('streams through an engine that only renders whole', async () => {
    const whole: TemplateEngine = { exists: () => true, render: async () => 'all at once' };
    const request = Request.create('/');
    request.attributes.set('_template', { template: 'x', streamable: true });
    const streaming = new TemplateListener(whole, new TemplateGuesser());
    streaming.onKernelController(new ControllerEvent({} as never, [new EventController(), 'showAction'], request, RequestType.MAIN));
    const event = new ViewEvent({} as never, request, RequestType.MAIN, null);
    await streaming.onKernelView(event);
    assert.deepEqual(await sent(event.response as StreamedResponse), ['all at once']);
  });

  it('waits for an engine that renders asynchronously', async () => {
    const asyncEngine: TemplateEngine = { exists: () => true, render: async (name) => `rendered ${name}` };
    const request = Request.create('/');
    request.attributes.set('_template', {});
    const asyncListener = new TemplateListener(() => asyncEngine, new TemplateGuesser());
    asyncListener.onKernelController(new ControllerEvent({} as never, [new EventController(), 'showAction'], request, RequestType.MAIN));
    const event = new ViewEvent({} as never, request, RequestType.MAIN, {});
    await asyncListener.onKernelView(event);
    assert.equal(event.response?.content, 'rendered event/show.html.twig');
  });

  it('does nothing for a controller without @Template', async () => {
    assert.equal(await view(undefined, { event: 'x' }), undefined);
  });

  it('leaves a string result to the kernel, which reports it', async () => {
    assert.equal(await view({}, 'not variables'), undefined);
  });
});
