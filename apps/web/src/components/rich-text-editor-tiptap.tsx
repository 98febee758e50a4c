import '@mantine/tiptap/styles.css';
import { Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { RichTextEditor as MantineRichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconCheck, IconChevronDown, IconLetterA } from '@tabler/icons-react';
import { Placeholder } from '@tiptap/extension-placeholder';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef } from 'react';
import colors from './rich-text-colors.module.css';
import classes from './rich-text-editor.module.css';

/** The eight text colours of spec 2 §2.3; Default removes the colour. */
export const TEXT_COLORS = [
  { name: 'Default', value: null },
  { name: 'Red', value: '#e03131' },
  { name: 'Orange', value: '#e8590c' },
  { name: 'Yellow', value: '#f08c00' },
  { name: 'Blue', value: '#1c7ed6' },
  { name: 'Pink', value: '#d6336c' },
  { name: 'Purple', value: '#7048e8' },
  { name: 'Green', value: '#2f9e44' },
] as const;

export interface RichTextEditorTiptapProps {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  rows: number;
  /** Accessible name of the editing area (the id of the visible label, or a text). */
  labelledBy?: string;
  ariaLabel?: string;
  describedBy?: string;
  invalid: boolean;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A colour as 'r,g,b' (hex or rgb() in, as the browser may rewrite one into the other). */
function rgbKey(color: string | null | undefined): string | null {
  if (!color) return null;
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{6})$/.exec(value);
  if (hex?.[1]) return [0, 2, 4].map((i) => Number.parseInt(hex[1]!.slice(i, i + 2), 16)).join(',');
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  return rgb ? `${rgb[1]},${rgb[2]},${rgb[3]}` : value;
}

/** HTML of the document, or '' when it holds no text (so that "required" checks work). */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function ColorMenu() {
  const { editor } = useRichTextEditorContext();
  const current = useEditorState({
    editor: editor ?? null,
    selector: ({ editor: e }) =>
      e && !e.isDestroyed ? ((e.getAttributes('textStyle').color as string) ?? null) : null,
  });
  const currentKey = rgbKey(current);
  const active = TEXT_COLORS.find((c) => c.value !== null && rgbKey(c.value) === currentKey);
  return (
    <Menu position="bottom-start" shadow="md" withinPortal returnFocus={false}>
      <Menu.Target>
        <MantineRichTextEditor.Control
          aria-label="Text colour"
          title="Text colour"
          aria-haspopup="menu"
          style={{ width: 'auto', paddingInline: 6 }}
          data-testid="rich-text-color"
        >
          <Group gap={2} wrap="nowrap">
            <IconLetterA
              size={16}
              stroke={2}
              style={{ color: active?.value ?? undefined }}
              aria-hidden="true"
            />
            <IconChevronDown size={12} aria-hidden="true" />
          </Group>
        </MantineRichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Text colour</Menu.Label>
        {TEXT_COLORS.map((color) => {
          const selected = color.value === null ? !active : active?.name === color.name;
          return (
            <Menu.Item
              key={color.name}
              leftSection={
                <span
                  className={classes.swatch}
                  style={{ background: color.value ?? 'var(--mantine-color-text)' }}
                  aria-hidden="true"
                />
              }
              rightSection={selected ? <IconCheck size={14} aria-hidden="true" /> : null}
              data-selected={selected || undefined}
              onClick={() => {
                if (!editor) return;
                const chain = editor.chain().focus();
                if (color.value === null) chain.unsetColor().run();
                else chain.setColor(color.value).run();
              }}
            >
              <Text size="sm" span>
                {color.name}
              </Text>
              {selected ? <VisuallyHidden> (current)</VisuallyHidden> : null}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The Tiptap editor behind components/rich-text-editor.tsx (loaded lazily: Tiptap is a large download). */
export default function RichTextEditorTiptap({
  value,
  onChange,
  placeholder = '',
  rows,
  labelledBy,
  ariaLabel,
  describedBy,
  invalid,
  required,
  disabled = false,
  testId,
}: RichTextEditorTiptapProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The last HTML this editor reported, so that the value coming back does not reset the cursor.
  const reported = useRef(value);

  const attributes = useMemo(() => {
    const attrs: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      // Spec 2 §2.3: minimum height rows × 1.5 + 2 rem (the 2 rem is the padding).
      style: `min-height: ${rows * 1.5 + 2}rem`,
    };
    if (labelledBy) attrs['aria-labelledby'] = labelledBy;
    if (ariaLabel) attrs['aria-label'] = ariaLabel;
    if (describedBy) attrs['aria-describedby'] = describedBy;
    if (invalid) attrs['aria-invalid'] = 'true';
    if (required) attrs['aria-required'] = 'true';
    if (testId) attrs['data-testid'] = testId;
    return attrs;
  }, [rows, labelledBy, ariaLabel, describedBy, invalid, required, testId]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Only what the server keeps (sanitised HTML): no code, rules or images.
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true },
      }),
      TextStyle,
      Color,
      Placeholder.configure({ placeholder }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      reported.current = html;
      onChangeRef.current(html);
    },
  });

  // The accessible name, error state and height follow the props.
  useEffect(() => {
    if (!editor.isDestroyed) editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // Controlled: a value set from outside (a reset, another record) replaces the document.
  useEffect(() => {
    if (editor.isDestroyed || value === reported.current) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
    reported.current = value;
  }, [editor, value]);

  return (
    <MantineRichTextEditor
      editor={editor}
      className={`${classes.root} ${colors.colors}`}
      data-error={invalid || undefined}
      data-disabled={disabled || undefined}
      labels={{ boldControlLabel: 'Bold', italicControlLabel: 'Italic' }}
    >
      <MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Bold />
          <MantineRichTextEditor.Italic />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <ColorMenu />
        </MantineRichTextEditor.ControlsGroup>
      </MantineRichTextEditor.Toolbar>
      <MantineRichTextEditor.Content />
    </MantineRichTextEditor>
  );
}
