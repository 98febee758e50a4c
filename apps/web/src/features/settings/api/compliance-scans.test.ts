import { SCAN_MAX_BYTES, SCAN_MESSAGES } from '@dms/domain';
import { describe, expect, it } from 'vitest';
import { checkScanFile, scanContentType } from './compliance-scans';

describe('scanContentType', () => {
  it('takes the browser’s type when it is one we take, else the extension’s', () => {
    expect(scanContentType({ name: 'licence.PDF', type: '' })).toBe('application/pdf');
    expect(scanContentType({ name: 'photo.jpeg', type: '' })).toBe('image/jpeg');
    expect(scanContentType({ name: 'photo', type: 'image/webp' })).toBe('image/webp');
    expect(scanContentType({ name: 'setup.exe', type: 'application/x-msdownload' })).toBeNull();
  });
});

describe('checkScanFile', () => {
  it('refuses other types, empty files and files over 10 MB before sending anything', () => {
    expect(checkScanFile({ name: 'licence.pdf', type: 'application/pdf', size: 2048 })).toBeNull();
    expect(checkScanFile({ name: 'notes.txt', type: 'text/plain', size: 20 })).toBe(SCAN_MESSAGES.type);
    expect(checkScanFile({ name: 'empty.pdf', type: 'application/pdf', size: 0 })).toBe(SCAN_MESSAGES.type);
    expect(checkScanFile({ name: 'big.pdf', type: 'application/pdf', size: SCAN_MAX_BYTES + 1 })).toBe(
      SCAN_MESSAGES.size,
    );
  });
});
