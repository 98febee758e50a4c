import { describe, expect, it } from 'vitest';
import { isPdf, sniffContentType } from './file-signatures';

const pdf = (body = '1 0 obj << >> endobj\n') => Buffer.from(`%PDF-1.7\n${body}trailer\n%%EOF\n`, 'latin1');

describe('file signatures', () => {
  it('knows a PDF by its header and end marker, not by its name', () => {
    expect(isPdf(pdf())).toBe(true);
    expect(sniffContentType(pdf())).toBe('application/pdf');
    // Cut short (no end marker), or only pretending in the middle: not a PDF.
    expect(isPdf(Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'))).toBe(false);
    expect(isPdf(Buffer.from(`<html>%PDF-1.7 ${'x'.repeat(20)} %%EOF`))).toBe(false);
  });

  it('answers the image types and refuses what is none of them', () => {
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('<script>alert(1)</script>'))).toBeNull();
    expect(sniffContentType(Buffer.from('GIF89a............'))).toBeNull();
  });
});
