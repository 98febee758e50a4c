import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../lib/sanitize-rich-text';
import { parseRichText, richTextPlain } from './rich-text-html';

// Driver notes and terms are stored as cleaned HTML; the documents read them back into a tree.

describe('parseRichText', () => {
  it('keeps paragraphs, bold, italic, line breaks and the colour of a span from the cleaned HTML', () => {
    const html = sanitizeRichText(
      '<p><strong>Early</strong> start<br>gate 3</p><p><span style="color: #e03131"><em>Wheelchair</em></span> &amp; lift</p>',
    );
    const nodes = parseRichText(html);
    expect(nodes).toEqual([
      {
        kind: 'element',
        tag: 'p',
        color: null,
        children: [
          { kind: 'element', tag: 'strong', color: null, children: [{ kind: 'text', text: 'Early' }] },
          { kind: 'text', text: ' start' },
          { kind: 'element', tag: 'br', color: null, children: [] },
          { kind: 'text', text: 'gate 3' },
        ],
      },
      {
        kind: 'element',
        tag: 'p',
        color: null,
        children: [
          {
            kind: 'element',
            tag: 'span',
            color: '#e03131',
            children: [
              { kind: 'element', tag: 'em', color: null, children: [{ kind: 'text', text: 'Wheelchair' }] },
            ],
          },
          { kind: 'text', text: ' & lift' },
        ],
      },
    ]);
  });

  it('reads lists and entities, and ignores a stray closing tag', () => {
    const nodes = parseRichText('<ul><li><p>One &lt;a&gt;</p></li><li>Two&nbsp;&#8594;</li></ul></em>');
    expect(richTextPlain(nodes)).toBe('One <a>Two\u00a0→');
    expect(nodes[0]).toMatchObject({ tag: 'ul', children: [{ tag: 'li' }, { tag: 'li' }] });
  });
});
