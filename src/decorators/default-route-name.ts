/**
 * The name of a route declared without one: `<controller>_<action>` in snake case, the
 * `Controller` and `Action` suffixes dropped, and `_1`, `_2`... for a method's further
 * unnamed routes: `EventController.showAction` → `event_show`, `BlogPostController.listAll`
 * → `blog_post_list_all`, an invokable `HomeController` → `home_invoke`. The reference
 * puts the namespace first (`App\Controller\EventController` → `app_event_show`); classes
 * have no namespace here, so a loader may add a prefix (`namePrefix: 'app_'`).
 */
export function defaultRouteName(controller: string, method: string, index = 0): string {
  const action = method === '__invoke' ? 'invoke' : snakeCase(method.replace(/(?<=.)Action$/, ''));
  const name = `${snakeCase(controller.replace(/(?<=.)Controller$/, ''))}_${action}`;
  return index > 0 ? `${name}_${index}` : name;
}

/** `BlogPost` → `blog_post`, `showHTMLPage` → `show_html_page`. */
export function snakeCase(text: string): string {
  return text
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z\d]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}
