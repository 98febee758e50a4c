import { LOGO_MESSAGES } from '@dms/domain';
import sanitizeHtml from 'sanitize-html';
import { HttpError } from '../../http/errors';
import { sniffRasterType, svgText } from '../../lib/file-signatures';

// Logo files are checked by what they contain (lib/file-signatures.ts): PNG, JPEG and WebP by their
// magic bytes, SVG by text whose root element is <svg>, which is then rebuilt from a strict allow-list.

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

// The signatures are shared with compliance scans (lib/file-signatures.ts); logo tests import them here.
export { sniffRasterType, svgText };

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

// Static drawing, text, gradients, clipping, masks and the common filter primitives. Not here, so
// dropped: script, foreignObject, image, feImage, a, animate/set/animateMotion, style, iframe, …
const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
];

// Geometry and presentation attributes. No event handlers (on*), no style sheets, no external links.
const SVG_ATTRIBUTES = [
  'id',
  'class',
  'style',
  'transform',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'dx',
  'dy',
  'rotate',
  'lengthAdjust',
  'textLength',
  'startOffset',
  'method',
  'spacing',
  'side',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'writing-mode',
  'xml:space',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'vector-effect',
  'paint-order',
  'mix-blend-mode',
  'isolation',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'radius',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'edgeMode',
  'href',
  'xlink:href',
  'role',
  'aria-label',
  'aria-hidden',
  'aria-labelledby',
  'focusable',
];

/** Same-document reference: '#id'. Anything else (http:, data:, javascript:, file.svg#x) is external. */
const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
/** A url(...) whose target is not a same-document '#id'. */
const EXTERNAL_URL_FUNCTION = /url\s*\(\s*(?!['"]?\s*#[A-Za-z_][\w.:-]*\s*['"]?\s*\))/i;
/** CSS that can load or run something, or hide such a thing behind escapes. */
const DANGEROUS_CSS = /@import|expression\s*\(|javascript:|-moz-binding|behaviou?r\s*:|\\|</i;

/** The value without white space and control characters, which browsers skip inside a scheme. */
function withoutBlanks(value: string): string {
  let out = '';
  for (const char of value) if (char.charCodeAt(0) > 0x20) out += char;
  return out;
}

function cleanAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const clean: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'href' || name === 'xlink:href') {
      if (FRAGMENT.test(value.trim())) clean[name] = value.trim();
      continue;
    }
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue; // set below, on the root only
    if (EXTERNAL_URL_FUNCTION.test(value)) continue;
    if (name === 'style' && DANGEROUS_CSS.test(value)) continue;
    // A value that is itself a script or data address (only href-like attributes take one).
    if (/^(?:javascript|vbscript|data):/i.test(withoutBlanks(value))) continue;
    clean[name] = value;
  }
  if (tagName === 'svg') {
    clean.xmlns = SVG_NS;
    if (Object.keys(attribs).some((a) => a === 'xlink:href') || 'xmlns:xlink' in attribs) {
      clean['xmlns:xlink'] = XLINK_NS;
    }
  }
  return clean;
}

const SVG_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES, svg: [...SVG_ATTRIBUTES, 'xmlns', 'xmlns:xlink'] },
  // Only same-document references survive cleanAttributes; no scheme is needed.
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // The style attribute is vetted in cleanAttributes (url(), @import, escapes); no style elements.
  parseStyleAttributes: false,
  // Dropped together with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'foreignObject',
    'metadata',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'iframe',
  ],
  disallowedTagsMode: 'discard',
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
  parser: { xmlMode: true, decodeEntities: true },
  selfClosing: [],
};

/** The SVG rebuilt from the allow-list, or null when nothing drawable with an <svg> root is left. */
export function sanitizeSvg(text: string): string | null {
  const clean = sanitizeHtml(text, SVG_SANITIZE_OPTIONS).trim();
  if (!/^<svg[\s>]/.test(clean) || !clean.endsWith('</svg>')) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n`;
}

/**
 * Checks an uploaded logo against its declared type and answers the bytes to store: the same bytes
 * for PNG, JPEG and WebP, the sanitised document for SVG. A mismatch is a 400 with the spec's text.
 */
export function checkLogoContent(
  bytes: Buffer,
  declaredType: string,
): { bytes: Buffer; contentType: LogoContentType } {
  const refuse = () => new HttpError(400, LOGO_MESSAGES.type);
  if (declaredType === 'image/svg+xml') {
    const text = svgText(bytes);
    const clean = text === null ? null : sanitizeSvg(text);
    if (clean === null) throw refuse();
    return { bytes: Buffer.from(clean, 'utf8'), contentType: 'image/svg+xml' };
  }
  const sniffed = sniffRasterType(bytes);
  if (sniffed === null || sniffed !== declaredType) throw refuse();
  return { bytes, contentType: sniffed };
}
