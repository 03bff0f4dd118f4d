/**
 * The allow list of rich text (announcements, prefabs, personal messages), applied on the
 * server before anything is stored. The input is read as a stream of tags and text; the
 * output is written anew from what the list allows, so nothing of the input's markup passes
 * through as written:
 *   - text is escaped (`<`, `>`, `"`, `'`; an `&` stays only as the start of a well-formed
 *     character reference), so no text can become markup in any browser;
 *   - allowed tags (ALLOWED) come out with no attributes, except `<a href>` whose address,
 *     after decoding references and dropping control characters and spaces, must start with
 *     http:, https:, mailto: or tel: (§5) — otherwise the link loses its href;
 *   - the content of script, style, svg, math, iframe, object, template, noscript, textarea,
 *     title, xmp, noembed, noframes and plaintext is dropped with the element;
 *   - any other tag, comment, doctype or processing instruction is dropped (its text stays).
 * Written here rather than taken from npm: no allow-list sanitizer is among the installed
 * packages, and this one is small enough to read whole (decision 016).
 */

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'span', 'h1', 'h2', 'h3', 'blockquote', 'hr']);
const VOID = new Set(['br', 'hr']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'select',
  'frameset',
  'head',
]);
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;
const MAX_DEPTH = 32;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', tab: '\t', newline: '\n', colon: ':' };

/** Decodes character references (numeric, and the few named ones that matter for a URL scheme). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);?/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
    }
    const named = NAMED[ref.toLowerCase()];
    return named ?? whole;
  });
}

/** Escapes text for an HTML text node or a quoted attribute; keeps well-formed references. */
export function escapeText(value: string): string {
  return value
    .replace(/&(?!(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes everything (attribute values: no reference survives as written). */
function escapeAll(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The address of a link if the allow list takes it, else null. */
export function safeLink(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const decoded = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  return SAFE_LINK.test(decoded) ? decoded : null;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function hrefOf(attrs: string): string | null {
  for (const m of attrs.matchAll(ATTR)) {
    if (m[1].toLowerCase() === 'href') return m[2] ?? m[3] ?? m[4] ?? '';
  }
  return null;
}

/** Rich text → HTML that holds only the allowed tags and safe links. */
export function sanitizeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    if (text) {
      out += escapeText(text);
      text = '';
    }
  };
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    if (lt === -1) {
      text += input.slice(i);
      break;
    }
    text += input.slice(i, lt);
    i = lt;
    // comments, doctypes, processing instructions, CDATA: dropped whole
    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input[i + 1] === '!' || input[i + 1] === '?') {
      const end = input.indexOf('>', i);
      i = end === -1 ? input.length : end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const m = TAG.exec(input);
    if (!m) {
      text += '<';
      i += 1;
      continue;
    }
    i = TAG.lastIndex;
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) {
        const close = new RegExp(`</${name}\\b[^>]*>`, 'ig');
        close.lastIndex = i;
        const found = close.exec(input);
        // unclosed: only the tag goes (what follows is still read through the allow list)
        if (found) i = close.lastIndex;
      }
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    flush();
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (open.length >= MAX_DEPTH) continue;
    if (name === 'a') {
      const href = hrefOf(m[3] ?? '');
      const link = href === null ? null : safeLink(href);
      out += link ? `<a href="${escapeAll(link)}" target="_blank" rel="noopener noreferrer">` : '<a>';
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  flush();
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** A plain-text field (titles, names): every tag removed, text escaped-free as typed, trimmed. */
export function plainText(input: string): string {
  return sanitizeHtml(input.replace(/<\/?(p|br|li|h[1-3]|blockquote|hr)\b[^>]*>/gi, ' '))
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
