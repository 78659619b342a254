import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TemplateGuesser } from './template-guesser.ts';
import { ControllerBundleRegistry } from './controller-bundle-registry.ts';
import { Request } from '../http/request.ts';
import type { Controller } from '../controller/controller.ts';

class EventController {}
class FooBarController {}
class HTMLParserController {}
class AdminEventController extends EventController {}
class Helper {}

const registry = new ControllerBundleRegistry().register('AppBundle', AdminEventController);
const guesser = new TemplateGuesser(registry);
const html = Request.create('/');

function guess(controller: Controller, request = html): string {
  return guesser.guessTemplateName(controller, request);
}

describe('TemplateGuesser', () => {
  it('turns Class::methodAction into class/method.format.twig', () => {
    assert.equal(guess([new EventController(), 'showAction']), 'event/show.html.twig');
  });

  it('guesses again with the request\'s format when the controller was seen before', () => {
    const json = Request.create('/');
    json.setRequestFormat('json');
    const controller: Controller = [new EventController(), 'listAction'];
    assert.deepEqual([guess(controller), guess(controller, json), guess(controller)], ['event/list.html.twig', 'event/list.json.twig', 'event/list.html.twig']);
  });

  it('writes the class part in snake_case', () => {
    assert.equal(guess([new FooBarController(), 'indexAction']), 'foo_bar/index.html.twig');
  });

  it('keeps acronyms together in snake_case', () => {
    assert.equal(guess([new HTMLParserController(), 'index']), 'html_parser/index.html.twig');
  });

  it('writes the action in snake_case, without the Action suffix', () => {
    assert.equal(guess([new EventController(), 'listUpcomingAction']), 'event/list_upcoming.html.twig');
  });

  it('accepts a method without the Action suffix', () => {
    assert.equal(guess([new EventController(), 'show']), 'event/show.html.twig');
  });

  it('uses the class part alone for an invokable controller', () => {
    assert.equal(guess([new FooBarController(), '__invoke']), 'foo_bar.html.twig');
  });

  it('puts the request format in the name', () => {
    const json = Request.create('/');
    json.attributes.set('_format', 'json');
    assert.equal(guess([new EventController(), 'showAction'], json), 'event/show.json.twig');
  });

  it('prefixes the namespace of the controller\'s bundle', () => {
    assert.equal(guess([new AdminEventController(), 'editAction']), '@App/admin_event/edit.html.twig');
  });

  it('leaves the namespace out for a controller of no bundle', () => {
    assert.equal(new TemplateGuesser().guessTemplateName([new AdminEventController(), 'editAction'], html), 'admin_event/edit.html.twig');
  });

  it('refuses a class whose name does not end with Controller', () => {
    assert.throws(() => guess([new Helper(), 'run']), /The "Helper" class does not look like a controller class/);
  });

  it('asks for a template name for a function controller', () => {
    assert.throws(() => guess(function showEvent() {}), /controller "showEvent" cannot be guessed: it is a function/);
  });
});

describe('ControllerBundleRegistry', () => {
  it('gives the bundle of a registered class and of its subclasses', () => {
    const bundles = new ControllerBundleRegistry().register('AppBundle', EventController);
    assert.deepEqual([bundles.bundleOf(EventController), bundles.bundleOf(AdminEventController), bundles.bundleOf(FooBarController)], ['AppBundle', 'AppBundle', undefined]);
  });
});
