import { Input, Skeleton, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';

// Tiptap and ProseMirror are over half of the JavaScript (DESIGN.md): they download only when an
// editor is first shown.
const RichTextEditorTiptap = lazy(() => import('./rich-text-editor-tiptap'));

export interface RichTextEditorProps {
  /** The content as HTML ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  label?: ReactNode;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  /** Minimum height in lines (spec 2 §2.3: rows × 1.5 + 2 rem); default 3. */
  rows?: number;
  required?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A rich text field (spec 2 §2.3): bold, italic and one of eight text colours; a placeholder when
 * empty; pasted HTML or plain text is inserted. Controlled with HTML; the server sanitises what is
 * stored. Used for terms templates and, later, the job's driver notes.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  'aria-label': ariaLabel,
  description,
  error,
  placeholder,
  rows = 3,
  required,
  disabled,
  'data-testid': testId,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const minHeight = `calc(${rows * 1.5 + 2}rem + 44px)`;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
      labelProps={{ id: labelId }}
      descriptionProps={{ id: descriptionId }}
      errorProps={{ id: errorId }}
    >
      <Stack gap={0} mt={label || description ? 4 : 0}>
        <Suspense
          fallback={
            <Skeleton h={minHeight} radius="md" role="status" aria-busy="true" aria-label="Loading editor" />
          }
        >
          <RichTextEditorTiptap
            value={value}
            onChange={onChange}
            placeholder={placeholder}
            rows={rows}
            labelledBy={label ? labelId : undefined}
            ariaLabel={label ? undefined : ariaLabel}
            describedBy={describedBy}
            invalid={!!error}
            required={required}
            disabled={disabled}
            testId={testId}
          />
        </Suspense>
      </Stack>
    </Input.Wrapper>
  );
}
