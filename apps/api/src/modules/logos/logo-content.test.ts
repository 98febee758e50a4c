import { LOGO_MESSAGES } from '@dms/domain';
import { describe, expect, it } from 'vitest';
import { checkLogoContent, sanitizeSvg, sniffRasterType, svgText } from './logo-content';
import { HOSTILE_SVG, jpegHead, tinyPng, webpHead } from './test-images';

describe('logo content checks', () => {
  it('recognises PNG, JPEG and WebP by their magic bytes', () => {
    expect(sniffRasterType(tinyPng())).toBe('image/png');
    expect(sniffRasterType(jpegHead())).toBe('image/jpeg');
    expect(sniffRasterType(webpHead())).toBe('image/webp');
    expect(sniffRasterType(Buffer.from('<script>alert(1)</script>'))).toBeNull();
    expect(sniffRasterType(Buffer.from('GIF89a............'))).toBeNull();
  });

  it('refuses a declared type that the content does not have', () => {
    const refused = (bytes: Buffer, type: string) => {
      try {
        checkLogoContent(bytes, type);
        return null;
      } catch (error) {
        return (error as Error & { statusCode: number }).statusCode;
      }
    };
    expect(refused(Buffer.from('<script>alert(1)</script>'), 'image/png')).toBe(400);
    expect(refused(tinyPng(), 'image/jpeg')).toBe(400);
    expect(refused(tinyPng(), 'image/svg+xml')).toBe(400);
    expect(refused(Buffer.from('<html><svg></svg></html>'), 'image/svg+xml')).toBe(400);
    expect(refused(Buffer.alloc(0), 'image/webp')).toBe(400);
    expect(() => checkLogoContent(Buffer.from('nope'), 'image/png')).toThrow(LOGO_MESSAGES.type);
    expect(checkLogoContent(tinyPng(), 'image/png').bytes.equals(tinyPng())).toBe(true);
  });

  it('takes as SVG only UTF-8 text whose root element is <svg>', () => {
    expect(svgText(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).not.toBeNull();
    expect(svgText(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- hi --><svg>'))).not.toBeNull();
    expect(svgText(Buffer.from('<html><svg/></html>'))).toBeNull();
    expect(svgText(Buffer.from('<x:svg xmlns:x="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(svgText(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]))).toBeNull();
    expect(svgText(Buffer.from('<!DOCTYPE html><svg></svg>'))).toBeNull();
  });

  it('keeps the drawing and removes scripts, handlers, foreign content and external references', () => {
    const clean = sanitizeSvg(HOSTILE_SVG)!;
    expect(clean).toContain('<svg');
    expect(clean).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(clean).toContain('<rect id="r" width="10" height="10" fill="url(#g)"');
    expect(clean).toContain('<use xlink:href="#r"');
    expect(clean).toContain('<circle');
    expect(clean).toContain('stop-color="#1e40af"');
    for (const gone of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'foreignObject',
      'foreign-text',
      'iframe',
      'evil.example',
      '<image',
      '<a ',
      'javascript',
      '<set',
      'DOCTYPE',
    ]) {
      expect(clean, gone).not.toContain(gone);
    }
    expect(clean).toMatch(/<path d="M0 0L10 10"><\/path>/);
  });

  it('drops style sheets, imports and escapes hidden in style attributes', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/a.css);</style>
      <rect style="fill:red" width="1" height="1"/>
      <rect style="background:u\\72l(https://evil.example)" width="2" height="2"/>
      <rect style="fill:red;@import 'x'" width="3" height="3"/></svg>`;
    const clean = sanitizeSvg(svg)!;
    expect(clean).toContain('style="fill:red" width="1"');
    expect(clean).not.toContain('evil');
    expect(clean).not.toContain('@import');
    expect(clean).not.toContain('<style');
    expect(clean).toContain('<rect width="2" height="2">');
  });
});
