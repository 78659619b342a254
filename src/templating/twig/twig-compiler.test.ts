import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TwigEngine, type TwigEngineOptions } from './twig-engine.ts';
import { ArrayLoader } from '../loader/array-loader.ts';

const templates: Record<string, string> = {
  'layout.html.twig': '<title>{% block title %}Default{% endblock %}</title>{% block body %}<p>layout body</p>{% endblock %}{% block foot %}[{{ who|default("nobody") }}]{% endblock %}',
  'middle.html.twig': "{% extends 'layout.html.twig' %}{% set who = 'middle' %}{% block title %}Middle{% endblock %}{% block foot %}<footer>{{ who }}</footer>{% endblock %}",
  'child.html.twig': "{% extends 'middle.html.twig' %}\n{% block title %}{{ title }} &amp; co{% endblock %}\n{% block body %}{% include 'part.html.twig' with {n: 2} %}{% include 'part.html.twig' with {n: 3} only %}{% endblock %}",
  'part.html.twig': '<i>{{ n }}-{{ title|default("none") }}</i>',
  'conditions.html.twig':
    '{% if a %}A{% elseif b %}B{% else %}C{% endif %}|{% if not a and b %}nb{% endif %}|{% if items is empty %}empty{% endif %}|{% if 2 in [1, 2] %}in{% endif %}|{{ a == b }}',
  'loops.html.twig':
    '{% set total = 0 %}{% for item in items %}{{ loop.index }}/{{ loop.length }}:{{ item.name }}{% if loop.last %}.{% else %},{% endif %}{% set total = total + item.n %}{% else %}none{% endfor %} total={{ total }} {% for key, value in {b: 1, a: 2} %}{{ key }}={{ value }};{% endfor %}{% for i in 1..3 if i != 2 %}{{ i }}{{ loop.index }}{% endfor %}',
  'values.html.twig':
    '{{ html }}|{{ html|raw }}|{{ html|e }}|{{ "x" ~ n ~ null }}|{{ n * 2 + 1 }}|{{ list|join(", ") }}|{{ list|length }}|{{ flag }}|{{ zero }}|{{ missing }}|{{ obj.name }}|{{ obj.title }}|{{ obj.greet("you") }}|{{ obj["name"] }}|{{ list[1] }}|{{ "a" ~ (n + 1) }}|{{ name|upper|lower|capitalize }}|{{ date|date("Y-m-d") }}|{{ date|date("c") }}|{{ date|date }}|{{ date|date("c") }}|{{ "2030-01-02"|date("Y") }}',
  'functions.html.twig': "{{ link('home', {page: 2, sort: 'asc'}) }}|{{ hash({b: 1, a: [2, 3]}) }}|{{ range(1, 3)|join }}|{{ 'k'|label({x: 1}) }}|{{ max(1, 5, 3) }}",
  'async.html.twig': '<input value="{{ token("form") }}">{% set t = token("again") %}{{ t|upper }}',
  'dates.html.twig': '{% for d in dates %}{{ d|date("c") }} {{ d|date("D, d M Y H:i") }};{% endfor %}',
  'script.js.twig': 'var s = "{{ s }}";',
  'text.txt.twig': '{{ s }}',
  'whitespace.html.twig': '<ul>\n  {%- for x in [1, 2] %}\n  <li>{{- x -}}</li>\n  {%- endfor %}\n</ul>',
  'unsupported.html.twig': '{{ a == b ? "x" : "y" }}{% macro m(x) %}[{{ x }}]{% endmacro %}{% import _self as me %}{{ me.m(1) }}',
};

const options = (compile: boolean): TwigEngineOptions => ({
  loader: new ArrayLoader(templates),
  compile,
  functions: {
    link: (name: string, parameters: Record<string, unknown>) => `${name}?${Object.entries(parameters).map(([k, v]) => `${k}=${String(v)}`).join('&')}`,
    hash: (value: unknown) => JSON.stringify(value),
    token: async (id: string) => `<${id}>`,
  },
  filters: { label: (value: string, extra: Record<string, unknown>) => `${value}${JSON.stringify(extra)}` },
});

const variables = {
  title: 'T<1>',
  a: false,
  b: 'yes',
  items: [
    { name: 'one', n: 1 },
    { name: '<two>', n: 2 },
  ],
  html: '<b>"it\'s"</b>',
  n: 4,
  list: ['x', 'y&z'],
  flag: true,
  zero: 0,
  obj: { name: 'Obj', getTitle: () => 'from a getter', greet(who: string) { return `hi ${who} from ${this.name}`; } },
  name: 'ada LOVELACE',
  date: new Date(Date.UTC(2030, 4, 1, 12)),
  s: '</script>"',
  dates: Array.from({ length: 1200 }, (_, i) => new Date(Date.UTC(2030, 0, 1) + (i % 700) * 3_600_000)),
};

describe('TwigCompiler', () => {
  for (const name of Object.keys(templates).filter((name) => name !== 'layout.html.twig' && name !== 'middle.html.twig' && name !== 'part.html.twig')) {
    it(`renders ${name} exactly as twig.js does`, async () => {
      const interpreted = await new TwigEngine(options(false)).render(name, variables);
      const engine = new TwigEngine(options(true));
      const compiled = await engine.render(name, variables);
      assert.equal(compiled, interpreted);
      assert.equal(engine.compiles(name), name !== 'unsupported.html.twig');
    });
  }

  it('renders the same twice from the compiled form (nothing is consumed by the first render)', async () => {
    const engine = new TwigEngine(options(true));
    const first = await engine.render('child.html.twig', variables);
    assert.equal(await engine.render('child.html.twig', variables), first);
    assert.equal(first, '<title>T&lt;1&gt; &amp; co</title><i>2-T&lt;1&gt;</i><i>3-none</i><footer>middle</footer>');
  });

  it('gives twig.js\'s error, with its location, when a compiled render fails', async () => {
    const loader = new ArrayLoader({ 'strict.html.twig': 'line one\n{{ nope.deeper }}' });
    const failure = async (compile: boolean): Promise<string> => {
      try {
        await new TwigEngine({ loader, compile, strictVariables: true }).render('strict.html.twig');
      } catch (error) {
        return String((error as Error).message);
      }
      return 'no error';
    };
    assert.equal(await failure(true), await failure(false));
    assert.match(await failure(true), /nope/);
  });
});
