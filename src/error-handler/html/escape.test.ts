import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, escapeText } from './escape.ts';

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
});

describe('escapeText', () => {
  it('escapes ampersands and angle brackets and keeps double quotes', () => {
    assert.equal(escapeText('{"exception": "<b> & </b>"}'), '{"exception": "&lt;b&gt; &amp; &lt;/b&gt;"}');
  });
});
