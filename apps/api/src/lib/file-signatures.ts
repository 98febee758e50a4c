// Uploaded files are judged by what they contain, not by their name or declared type (DESIGN.md
// "Security rules"): PNG, JPEG, WebP and PDF by their magic bytes, SVG by text whose root element is
// <svg>. Logos and compliance scans both ask here.

export type RasterContentType = 'image/png' | 'image/jpeg' | 'image/webp';
export type SignedContentType = RasterContentType | 'image/svg+xml' | 'application/pdf';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The raster type the bytes start like, else null. */
export function sniffRasterType(bytes: Buffer): RasterContentType | null {
  // PNG: the 8-byte signature, then the IHDR chunk.
  if (
    bytes.length >= 16 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return 'image/png';
  }
  // JPEG: SOI marker followed by another marker.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // WebP: a RIFF container of form type WEBP.
  if (
    bytes.length >= 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/**
 * A PDF starts with `%PDF-` and a version (readers accept it within the first KiB, but a file we
 * make or a scanner writes has it first) and ends with an `%%EOF` marker near its end.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || !/^%PDF-\d\.\d/.test(bytes.toString('latin1', 0, 8))) return false;
  return bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

// Before the root element an SVG file may hold an XML declaration, comments, a doctype (dropped) and
// white space; the first element must be <svg> (no prefix: a prefixed root is not what it seems).
const SVG_PROLOG_THEN_ROOT =
  /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*(?:\[[\s\S]*?\])?\s*>)*<svg[\s/>]/;

/** The text of an SVG file, or null when the bytes are not UTF-8 text with an <svg> root element. */
export function svgText(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes('\0')) return null;
  return SVG_PROLOG_THEN_ROOT.test(text) ? text : null;
}

/** The type the content is, by its signature (SVG by its root element), else null. */
export function sniffContentType(bytes: Buffer): SignedContentType | null {
  const raster = sniffRasterType(bytes);
  if (raster) return raster;
  if (isPdf(bytes)) return 'application/pdf';
  return svgText(bytes) === null ? null : 'image/svg+xml';
}
