import { PNG } from 'pngjs';

// A drawn signature arrives as a PNG data URL from an anonymous page: it is decoded, checked for
// sensible dimensions and re-encoded from its pixels, so that nothing but pixels is ever stored
// (no text chunks, no trailing bytes, no other format behind a PNG name). ADR 32.

export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The re-encoded PNG, or null when the bytes are not a PNG of a signature's size. */
export function reencodeSignature(base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  // The header's size is checked before any pixel is inflated: a small file may declare a huge image.
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT) return null;
  try {
    const decoded = PNG.sync.read(bytes);
    if (decoded.width !== width || decoded.height !== height) return null;
    const clean = new PNG({ width: decoded.width, height: decoded.height });
    decoded.data.copy(clean.data);
    return PNG.sync.write(clean, { colorType: 6 });
  } catch {
    return null;
  }
}
