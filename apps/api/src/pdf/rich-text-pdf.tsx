/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import type { ReactNode } from 'react';
import { type HtmlNode, parseRichText, richTextPlain } from './rich-text-html';

// Stored rich text (terms, driver notes) laid out as PDF paragraphs, lists and headings, keeping bold,
// italic, underline, strike-through, links and the text colours of the editor.

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote']);

const INLINE_STYLE: Record<string, Style> = {
  strong: { fontWeight: 700 },
  b: { fontWeight: 700 },
  em: { fontStyle: 'italic' },
  i: { fontStyle: 'italic' },
  u: { textDecoration: 'underline' },
  s: { textDecoration: 'line-through' },
};

/** Heading sizes relative to the body text, so that terms in small print keep small headings. */
const HEADING_SCALE: Record<string, number> = { h1: 1.45, h2: 1.3, h3: 1.15, h4: 1.05 };

export interface RichTextProps {
  html: string | null | undefined;
  fontSize?: number;
  color?: string;
  linkColor?: string;
}

export function hasRichText(html: string | null | undefined): boolean {
  return Boolean(html && richTextPlain(parseRichText(html)).replace(/\s|\u00a0/g, ''));
}

export function RichText({ html, fontSize = 9, color = '#1f2937', linkColor = '#1c7ed6' }: RichTextProps) {
  if (!html) return null;
  const nodes = parseRichText(html);
  return (
    <View style={{ fontSize, color, lineHeight: 1.4 }}>
      {renderBlocks(nodes, { fontSize, linkColor }, 'r')}
    </View>
  );
}

interface Context {
  fontSize: number;
  linkColor: string;
}

function isBlock(node: HtmlNode): boolean {
  return node.kind === 'element' && BLOCK_TAGS.has(node.tag);
}

/** Lays out block children; runs of loose inline content become a paragraph of their own. */
function renderBlocks(nodes: HtmlNode[], ctx: Context, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let inline: HtmlNode[] = [];
  const flush = () => {
    if (inline.some((n) => n.kind === 'element' || n.text.trim())) {
      out.push(
        <Text key={`${key}-${out.length}`} style={{ marginBottom: 4 }}>
          {renderInline(inline, ctx, `${key}-${out.length}`)}
        </Text>,
      );
    }
    inline = [];
  };
  nodes.forEach((node) => {
    if (!isBlock(node)) {
      inline.push(node);
      return;
    }
    flush();
    out.push(renderBlock(node as HtmlNode & { kind: 'element' }, ctx, `${key}-${out.length}`));
  });
  flush();
  return out;
}

function renderBlock(node: HtmlNode & { kind: 'element' }, ctx: Context, key: string): ReactNode {
  switch (node.tag) {
    case 'ul':
    case 'ol': {
      const items = node.children.filter((c) => c.kind === 'element' && c.tag === 'li');
      return (
        <View key={key} style={{ marginBottom: 4 }}>
          {items.map((item, i) => (
            <View key={childKey(key, i)} style={{ flexDirection: 'row', marginBottom: 2 }} wrap={false}>
              <Text style={{ width: 14 }}>{node.tag === 'ol' ? `${i + 1}.` : '•'}</Text>
              <View style={{ flex: 1 }}>
                {renderListItem((item as HtmlNode & { kind: 'element' }).children, ctx, `${key}-${i}`)}
              </View>
            </View>
          ))}
        </View>
      );
    }
    case 'li':
      return (
        <View key={key} style={{ flexDirection: 'row' }}>
          <Text style={{ width: 14 }}>•</Text>
          <View style={{ flex: 1 }}>{renderListItem(node.children, ctx, key)}</View>
        </View>
      );
    case 'blockquote':
      return (
        <View
          key={key}
          style={{ borderLeftWidth: 2, borderLeftColor: '#cbd5e1', paddingLeft: 6, marginBottom: 4 }}
        >
          {renderBlocks(node.children, ctx, key)}
        </View>
      );
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
      return (
        <Text
          key={key}
          minPresenceAhead={24}
          style={{
            fontWeight: 700,
            fontSize: ctx.fontSize * (HEADING_SCALE[node.tag] ?? 1),
            lineHeight: 1.3,
            marginTop: 4,
            marginBottom: 3,
          }}
        >
          {renderInline(node.children, ctx, key)}
        </Text>
      );
    default:
      return isEmptyParagraph(node) ? (
        <Text key={key} style={{ marginBottom: 4 }}>
          {' '}
        </Text>
      ) : (
        <Text key={key} style={{ marginBottom: 4 }}>
          {renderInline(node.children, ctx, key)}
        </Text>
      );
  }
}

/** A list item's paragraphs sit tight together. */
function renderListItem(children: HtmlNode[], ctx: Context, key: string): ReactNode[] {
  if (!children.some(isBlock)) return [<Text key={key}>{renderInline(children, ctx, key)}</Text>];
  return children.map((child, i) => {
    const k = childKey(key, i);
    if (child.kind === 'element' && child.tag === 'p')
      return <Text key={k}>{renderInline(child.children, ctx, k)}</Text>;
    if (isBlock(child)) return renderBlock(child as HtmlNode & { kind: 'element' }, ctx, k);
    return <Text key={k}>{renderInline([child], ctx, k)}</Text>;
  });
}

/** The document is drawn once from a fixed tree, so a child's position is a stable key. */
function childKey(parent: string, index: number): string {
  return `${parent}-${index}`;
}

function isEmptyParagraph(node: HtmlNode & { kind: 'element' }): boolean {
  return (
    !richTextPlain(node.children).trim() && !node.children.some((c) => c.kind === 'element' && c.tag === 'br')
  );
}

function renderInline(nodes: HtmlNode[], ctx: Context, key: string): ReactNode[] {
  return nodes.map((node, i) => {
    const k = `${key}.${i}`;
    if (node.kind === 'text') return node.text.replace(/\s+/g, ' ');
    if (node.tag === 'br') return '\n';
    const children = renderInline(node.children, ctx, k);
    if (node.tag === 'a') {
      return (
        <Text key={k} style={{ color: ctx.linkColor, textDecoration: 'underline' }}>
          {children}
        </Text>
      );
    }
    const style: Style = { ...(INLINE_STYLE[node.tag] ?? {}) };
    if (node.color) style.color = node.color;
    return (
      <Text key={k} style={style}>
        {children}
      </Text>
    );
  });
}
