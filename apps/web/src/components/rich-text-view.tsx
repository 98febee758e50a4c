import { Typography } from '@mantine/core';
import colors from './rich-text-colors.module.css';

/**
 * Shows rich text that the server stored after cleaning it to an allow-list (driver notes, terms):
 * the HTML holds only paragraphs, emphasis and colours, so it is safe to render as it is. The colours
 * show at shades that pass on this scheme's background (rich-text-colors.module.css).
 */
export function RichTextView({ html, 'data-testid': testId }: { html: string; 'data-testid'?: string }) {
  return (
    <Typography data-testid={testId} className={colors.colors}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before storing */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
