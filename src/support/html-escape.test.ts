import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from './html-escape.ts';

describe('escapeHtml', () => {
  it('escapes ampersands, angle brackets and double quotes, wherever they are', () => {
    assert.equal(escapeHtml('<a href="x">Tom & "Jerry"</a>'), '&lt;a href=&quot;x&quot;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;');
    assert.equal(escapeHtml('&&<<>>""'), '&amp;&amp;&lt;&lt;&gt;&gt;&quot;&quot;');
  });

  it('leaves single quotes and text without special characters as they are', () => {
    assert.equal(escapeHtml("it's plain"), "it's plain");
    assert.equal(escapeHtml(''), '');
  });

  it('escapes the same way on every call', () => {
    assert.equal(escapeHtml('a<b'), 'a&lt;b');
    assert.equal(escapeHtml('c>d'), 'c&gt;d');
  });

  it('escapes single quotes too for any attribute, as Twig does', () => {
    assert.equal(escapeHtml(`<a title='it"s'>`, 'both'), '&lt;a title=&#039;it&quot;s&#039;&gt;');
  });

  it('keeps both quotes for element content', () => {
    assert.equal(escapeHtml(`{"exception": "<b> & </b>"} 'x'`, 'none'), `{"exception": "&lt;b&gt; &amp; &lt;/b&gt;"} 'x'`);
  });

  it('switches between quote modes without carrying a match over', () => {
    assert.equal(escapeHtml('"a"', 'none'), '"a"');
    assert.equal(escapeHtml('"a"'), '&quot;a&quot;');
  });
});
