import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

describe('rich text sanitising', () => {
  it('keeps the editor formatting and drops everything else', () => {
    const html =
      '<h2>Terms</h2><p onclick="x()">Pay <strong>within</strong> <em>14</em> <u>days</u> <s>now</s>.' +
      '<span style="color: #ff0000; position: fixed; background: url(https://evil.example)">red</span></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
      '<a href="https://example.com" target="_top" onmouseover="x()">site</a> <a href="mailto:a@example.com">mail</a>' +
      '<a href="javascript:alert(1)">bad</a><img src=x onerror="alert(1)"><script>alert(2)</script>' +
      '<iframe src="https://evil.example"></iframe><style>p{}</style><h5>h5</h5><div>div</div>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Terms</h2><p>Pay <strong>within</strong> <em>14</em> <u>days</u> <s>now</s>.' +
        '<span style="color:#ff0000">red</span></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
        '<a href="https://example.com" rel="noopener noreferrer nofollow">site</a> ' +
        '<a href="mailto:a@example.com" rel="noopener noreferrer nofollow">mail</a>' +
        '<a rel="noopener noreferrer nofollow">bad</a>h5div',
    );
  });
});
