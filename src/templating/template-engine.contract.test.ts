// The contract every TemplateEngine keeps, run by each engine's own test file in a few lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TemplateEngine } from './template-engine.ts';
import { TemplateNotFoundError } from './template-not-found-error.ts';

/**
 * `make` gives an engine that knows one template, `contract/greeting.html.twig`, printing
 * `Hello, <name>!` (written in the engine's own syntax), and no template named `contract/missing.html.twig`.
 */
export function templateEngineContract(name: string, make: () => TemplateEngine): void {
  describe(`${name} as a TemplateEngine`, () => {
    it('renders a template with its variables', async () => {
      assert.equal(await make().render('contract/greeting.html.twig', { name: 'Ada' }), 'Hello, Ada!');
    });

    it('escapes variables for HTML', async () => {
      assert.equal(await make().render('contract/greeting.html.twig', { name: '<script>"x" & y</script>' }), 'Hello, &lt;script&gt;&quot;x&quot; &amp; y&lt;/script&gt;!');
    });

    it('says which templates exist', () => {
      const engine = make();
      assert.deepEqual([engine.exists('contract/greeting.html.twig'), engine.exists('contract/missing.html.twig')], [true, false]);
    });

    it('fails on an unknown template with an error naming it', async () => {
      await assert.rejects(async () => make().render('contract/missing.html.twig'), (error: Error) => {
        assert.ok(error instanceof TemplateNotFoundError);
        assert.match(error.message, /^Unable to find template "contract\/missing\.html\.twig"/);
        return true;
      });
    });

    it('streams parts that add up to the rendered output, when it streams', async () => {
      const engine = make();
      if (engine.renderStream === undefined) return;
      let streamed = '';
      for await (const part of engine.renderStream('contract/greeting.html.twig', { name: 'Ada' })) streamed += part;
      assert.equal(streamed, await engine.render('contract/greeting.html.twig', { name: 'Ada' }));
    });
  });
}
