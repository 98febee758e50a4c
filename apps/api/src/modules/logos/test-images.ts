import { crc32, deflateSync } from 'node:zlib';

// Small but real image files for tests.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 RGBA PNG (one red pixel). */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const scanline = Buffer.from([0, 255, 0, 0, 255]); // filter byte, then one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG (SOI, APP0/JFIF) — enough for content sniffing. */
export function jpegHead(): Buffer {
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
}

/** A minimal RIFF/WEBP header (VP8L chunk start). */
export function webpHead(): Buffer {
  return Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([26, 0, 0, 0]),
    Buffer.from('WEBPVP8L'),
    Buffer.alloc(8),
  ]);
}

/** An SVG that tries everything the sanitiser must remove, around a harmless drawing. */
export const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert('onload')">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1e40af"/></linearGradient></defs>
  <script type="text/javascript">alert('script')</script>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/frame"></iframe>foreign-text</body></foreignObject>
  <rect id="r" width="10" height="10" fill="url(#g)" onclick="alert('click')"/>
  <use href="https://evil.example/sprite.svg#icon"/>
  <use xlink:href="#r"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <a href="javascript:alert('link')"><circle cx="5" cy="5" r="2"/></a>
  <path d="M0 0L10 10" style="fill: url(https://evil.example/x.svg#p); stroke: red"/>
  <set attributeName="href" to="javascript:alert('set')"/>
</svg>
`;
