/**
 * Test helpers of the allow list: a standard XSS vector list (OWASP filter-evasion cheat sheet:
 * script, event handlers, javascript: links, SVG, style, data URLs, encodings and broken markup)
 * and the check that cleaned HTML holds nothing that can run. Used by the unit, property and
 * browser tests.
 */
import { expect } from 'vitest';

export const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<b onmouseover=alert(1)>hover</b>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>@import "https://xss.example/x.css";</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<span style="x:expression(alert(1))">x</span>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="https://xss.example/x.css">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<img """><script>alert(1)</script>">',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '"><script>alert(1)</script>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea></textarea><script>alert(1)</script>',
  '<p>a</p\n><script>alert(1)</script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
] as const;

/** What must never be in cleaned output: a tag other than the allowed ones, a handler, a script address, a style. */
export function assertInert(html: string): void {
  const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)];
  for (const [, name, attrs] of tags) {
    expect(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'span', 'h1', 'h2', 'h3', 'blockquote', 'hr']).toContain(name.toLowerCase());
    if (attrs.trim()) {
      expect(name).toBe('a');
      expect(attrs).toMatch(/^ href="(https?:\/\/|mailto:|tel:)[^"]*" target="_blank" rel="noopener noreferrer"$/);
    }
  }
  for (const [tag] of tags) expect(tag).not.toMatch(/\son\w+\s*=|javascript:|vbscript:|data:|style\s*=/i);
  // no other '<' than the allowed tags': text cannot open an element
  expect(html.replace(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g, '')).not.toMatch(/</);
}
