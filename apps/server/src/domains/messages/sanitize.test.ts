/**
 * XSS: every vector of a standard list (OWASP filter-evasion cheat sheet: script, event
 * handlers, javascript: links, SVG, style, data URLs, encodings and broken markup) put into an
 * announcement, a prefab and a personal message comes out of the allow list with nothing that
 * can run; the cleaned text is what is stored (messages.test.ts checks the stored rows).
 */
import { describe, expect, it } from 'vitest';
import { plainText, safeLink, sanitizeHtml } from './sanitize';
import { assertInert, XSS_VECTORS } from './xss-testing';

describe('the allow list', () => {
  it.each(XSS_VECTORS)('leaves nothing that can run of %s', (vector) => {
    const clean = sanitizeHtml(`<p>before</p>${vector}<p>after</p>`);
    assertInert(clean);
    expect(clean).toContain('<p>before</p>');
    expect(clean).toContain('<p>after</p>');
    // cleaning is stable: a second pass changes nothing
    expect(sanitizeHtml(clean)).toBe(clean);
    expect(plainText(vector)).not.toMatch(/[<>]/);
  });

  it('keeps the allowed formatting and safe links', () => {
    expect(sanitizeHtml('<p>Hi <b>{name}</b>, <a href="https://x.example/a?b=1&amp;c=2">news</a> <a href="tel:+63 912">call</a><br>bye</p>')).toBe(
      '<p>Hi <b>{name}</b>, <a href="https://x.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">news</a> ' +
        '<a href="tel:+63912" target="_blank" rel="noopener noreferrer">call</a><br>bye</p>',
    );
    expect(sanitizeHtml('<ul><li>one<li>two</ul>')).toBe('<ul><li>one<li>two</li></li></ul>');
    expect(sanitizeHtml('5 < 6 & 7 > 3 &amp; ok')).toBe('5 &lt; 6 &amp; 7 &gt; 3 &amp; ok');
    expect(sanitizeHtml('<b>unclosed')).toBe('<b>unclosed</b>');
  });

  it('checks link schemes after decoding', () => {
    expect(safeLink('https://ok.example')).toBe('https://ok.example');
    expect(safeLink('mailto:help@ok.example')).toBe('mailto:help@ok.example');
    expect(safeLink('java\nscript:alert(1)')).toBeNull();
    expect(safeLink('&#x6A;avascript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,x')).toBeNull();
    expect(safeLink('//evil.example')).toBeNull();
  });
});
