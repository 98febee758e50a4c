import { afterEach } from 'vitest';

// Component tests (happy-dom): the DOM matchers, and a clean document after each test.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());

  // The one browser API Mantine uses that happy-dom lacks: the font set (Textarea's autosize
  // measures again when web fonts finish loading; here none ever load).
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' }),
    });
  }
}
