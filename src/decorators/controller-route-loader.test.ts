import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Route } from './route.ts';
import { defineController } from './define-controller.ts';
import { loadRoutesFromControllers } from './controller-route-loader.ts';
import { defaultRouteName } from './default-route-name.ts';

@Route('/events', { requirements: { id: '\\d+' }, defaults: { _format: 'html' }, methods: 'GET' })
class EventController {
  @Route('/{id}', { name: 'app_event_show' })
  showAction() { return ''; }

  @Route('/{id}/edit', { methods: 'POST', requirements: { id: '[1-9]\\d*' } })
  editAction() { return ''; }

  @Route('')
  @Route('/page/{page}')
  listAction() { return ''; }

  helper() { return ''; }
}

@Route('/admin', { name: 'admin_' })
class AdminController {
  @Route('/stats', { name: 'stats' })
  statsAction() { return ''; }

  @Route('/users')
  listUsers() { return ''; }
}

@Route('/', { name: 'home' })
class HomeController {
  __invoke() { return ''; }
}

describe('Routes from decorated controllers', () => {
  const routes = loadRoutesFromControllers([EventController, AdminController, HomeController]);

  it('prefixes method paths with the class path', () => {
    assert.equal(routes.get('app_event_show')?.path, '/events/{id}');
  });

  it('points _controller at ClassName::method', () => {
    assert.equal(routes.get('app_event_show')?.getDefault('_controller'), 'EventController::showAction');
  });

  it('gives class defaults, requirements and methods to every route, the method\'s winning', () => {
    const show = routes.get('app_event_show')!;
    assert.deepEqual([show.getRequirement('id'), show.getDefault('_format'), show.methods], ['\\d+', 'html', ['GET']]);
    const edit = routes.get('event_edit')!;
    assert.deepEqual([edit.getRequirement('id'), edit.methods], ['[1-9]\\d*', ['GET', 'POST']]);
  });

  it('names an unnamed route <controller>_<action> in snake case, numbering further ones', () => {
    assert.deepEqual([...routes.all().keys()].filter((name) => name.startsWith('event_')), ['event_edit', 'event_list', 'event_list_1']);
    assert.deepEqual([routes.get('event_list')?.path, routes.get('event_list_1')?.path], ['/events', '/events/page/{page}']);
  });

  it('puts the class name prefix before every route name', () => {
    assert.ok(routes.has('admin_stats'));
    assert.ok(routes.has('admin_admin_list_users'));
  });

  it('adds a prefix to default names only, as the reference\'s namespace', () => {
    const prefixed = loadRoutesFromControllers([EventController], { namePrefix: 'app_' });
    assert.deepEqual([...prefixed.all().keys()], ['app_event_show', 'app_event_edit', 'app_event_list', 'app_event_list_1']);
  });

  it('routes an invokable class with no method routes through its class route', () => {
    const home = routes.get('home')!;
    assert.deepEqual([home.path, home.getDefault('_controller')], ['/', 'HomeController']);
  });

  it('ignores methods without @Route', () => {
    assert.ok(![...routes].some(([, route]) => route.getDefault('_controller') === 'EventController::helper'));
  });

  it('loads routes declared with defineController', () => {
    const Plain = defineController(class PlainController { showAction() { return ''; } }, {
      class: { route: { path: '/plain' } },
      methods: { showAction: { route: { path: '/{slug}', priority: 5 } } },
    });
    const loaded = loadRoutesFromControllers([Plain]);
    assert.deepEqual([loaded.get('plain_show')?.path, loaded.getPriority('plain_show')], ['/plain/{slug}', 5]);
  });
});

describe('Default route names', () => {
  it('drops the Controller and Action suffixes and snake-cases the rest', () => {
    assert.equal(defaultRouteName('BlogPostController', 'listAllAction'), 'blog_post_list_all');
    assert.equal(defaultRouteName('HTMLPageController', 'show'), 'html_page_show');
  });
});
