import sanitizeHtml from 'sanitize-html';

// Rich text from the editor (Tiptap) is stored as HTML rebuilt from an allow-list (DESIGN.md "rich
// text"): paragraphs, emphasis, lists, headings, quotes, http(s)/mailto links and coloured spans.
// Anything else — scripts, event handlers, styles other than a colour, images, frames — is dropped.

const COLOR_VALUES = [
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'rel'], span: ['style'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedStyles: { span: { color: COLOR_VALUES } },
  transformTags: {
    // A stored link never gives the opened page a handle on ours.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer nofollow' },
    }),
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

/** Whether sanitised HTML shows any text at all ('<p></p>' does not). */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}

// Driver notes carry only what the job form's editor offers (spec 2 §2.3): bold, italic and a colour.
const DRIVER_NOTES_OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_OPTIONS,
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'span'],
  allowedAttributes: { span: ['style'] },
  transformTags: {},
};

export function sanitizeDriverNotes(html: string): string {
  return sanitizeHtml(html, DRIVER_NOTES_OPTIONS).trim();
}
