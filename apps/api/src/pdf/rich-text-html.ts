// A small reader for the rich text we store: HTML already cleaned by sanitize-rich-text.ts (a fixed
// allow-list of well-formed tags), turned into a tree the PDF components can lay out.

export type HtmlNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; color: string | null; children: HtmlNode[] };

const VOID_TAGS = new Set(['br']);
const TOKEN = /<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->|[^<]+|</g;

export function parseRichText(html: string): HtmlNode[] {
  const root: HtmlNode & { kind: 'element' } = { kind: 'element', tag: 'root', color: null, children: [] };
  const stack = [root];
  for (const match of html.matchAll(TOKEN)) {
    const token = match[0];
    const top = stack[stack.length - 1] ?? root;
    if (token.startsWith('<!--')) continue;
    const tag = match[1]?.toLowerCase();
    if (!tag) {
      top.children.push({ kind: 'text', text: decodeEntities(token) });
    } else if (token.startsWith('</')) {
      // Close up to the matching tag; a stray closing tag is ignored.
      const at = stack.findLastIndex((n) => n.tag === tag);
      if (at > 0) stack.length = at;
    } else {
      const node: HtmlNode & { kind: 'element' } = {
        kind: 'element',
        tag,
        color: colorOf(match[2] ?? ''),
        children: [],
      };
      top.children.push(node);
      if (!VOID_TAGS.has(tag) && !token.endsWith('/>')) stack.push(node);
    }
  }
  return root.children;
}

function colorOf(attributes: string): string | null {
  const style = /style\s*=\s*"([^"]*)"|style\s*=\s*'([^']*)'/i.exec(attributes);
  const css = decodeEntities(style?.[1] ?? style?.[2] ?? '');
  const color = /(?:^|;)\s*color\s*:\s*([^;]+)/i.exec(css)?.[1]?.trim();
  return color && /^(#[0-9a-f]{3,6}|rgba?\([\d\s.,]+\)|[a-z]{3,20})$/i.test(color) ? color : null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Plain text of rich text, for checks such as "is there anything to print". */
export function richTextPlain(nodes: HtmlNode[]): string {
  return nodes.map((n) => (n.kind === 'text' ? n.text : richTextPlain(n.children))).join('');
}
