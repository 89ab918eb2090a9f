import { Editor } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { pastedHtmlForEditor } from './word-paste';

/**
 * The rich-text editor of descriptions (Tiptap on ProseMirror), loaded lazily by DescriptionField.
 * Its schema is exactly the server's allowlist (packages/server/src/modules/offers/sanitize-description.ts):
 * p, h3, h4, strong, em, ul, ol, li, br and a[href] with rel="noopener noreferrer", written with no
 * other attribute and in the sanitiser's attribute order, so what it saves is stored unchanged.
 * A paste goes through the same schema: styles, classes and unknown tags are dropped, structure stays.
 */

/** Links only to the web or to a mail address, like the sanitiser's safeHref. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

const PlainHeading = Heading.extend({
  // Pasted documents use h1/h2 for their titles; the offer page has h3 and h4 only.
  parseHTML() {
    return [
      ...['h1', 'h2', 'h3'].map((tag) => ({ tag, attrs: { level: 3 } })),
      ...['h4', 'h5', 'h6'].map((tag) => ({ tag, attrs: { level: 4 } })),
    ];
  },
  renderHTML({ node }) {
    return [node.attrs.level === 4 ? 'h4' : 'h3', 0];
  },
}).configure({ levels: [3, 4] });

// A pasted list's start number or marker type would be an attribute the sanitiser removes.
const PlainOrderedList = OrderedList.extend({
  renderHTML() {
    return ['ol', 0];
  },
});

const SafeLink = Link.extend({
  // href first, then rel: the sanitiser's own output, so the stored HTML is byte for byte the same.
  renderHTML({ HTMLAttributes }) {
    const href = typeof HTMLAttributes.href === 'string' && SAFE_LINK.test(HTMLAttributes.href) ? HTMLAttributes.href : null;
    return href ? ['a', { href, rel: 'noopener noreferrer' }, 0] : ['a', 0];
  },
}).configure({
  openOnClick: false,
  autolink: false,
  linkOnPaste: true,
  protocols: ['mailto'],
  isAllowedUri: (url) => SAFE_LINK.test(url),
});

/** The editor's HTML, '' for an empty document (so "required" still means something). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

type Command = 'heading3' | 'heading4' | 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link';

const COMMANDS: readonly { id: Command; glyph: string }[] = [
  { id: 'heading3', glyph: '' },
  { id: 'heading4', glyph: '' },
  { id: 'bold', glyph: 'B' },
  { id: 'italic', glyph: 'I' },
  { id: 'bulletList', glyph: '' },
  { id: 'orderedList', glyph: '' },
  { id: 'link', glyph: '' },
];

function isActive(editor: Editor, command: Command): boolean {
  switch (command) {
    case 'heading3':
      return editor.isActive('heading', { level: 3 });
    case 'heading4':
      return editor.isActive('heading', { level: 4 });
    default:
      return editor.isActive(command);
  }
}

/** Drawn icons (an emoji or a "1." would depend on fonts, or be read as the button's name). */
function Icon({ name }: { name: 'link' | 'bulletList' | 'orderedList' }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
      {name === 'link' ? (
        <>
          <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
          <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
        </>
      ) : name === 'bulletList' ? (
        <>
          <path d="M9 6h12M9 12h12M9 18h12" />
          <circle cx="4" cy="6" r="1" fill="currentColor" />
          <circle cx="4" cy="12" r="1" fill="currentColor" />
          <circle cx="4" cy="18" r="1" fill="currentColor" />
        </>
      ) : (
        <>
          <path d="M10 6h11M10 12h11M10 18h11" />
          <path d="M4 4v4M3 8h2M3 14.5a1.2 1.2 0 0 1 2 1L3 18h2.5" />
        </>
      )}
    </svg>
  );
}

export interface RichTextEditorProps {
  /** The id of the visible label of the field (the editor is labelled by it). */
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
  name: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: (() => void) | undefined;
}

export default function RichTextEditor({ labelId, describedBy, invalid, required, name, value, onChange, onBlur }: RichTextEditorProps) {
  const t = useT();
  const id = useId();
  const host = useRef<HTMLDivElement | null>(null);
  const toolbar = useRef<HTMLDivElement | null>(null);
  const linkInput = useRef<HTMLInputElement | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  // Re-render the toolbar on every transaction (aria-pressed follows the selection).
  const [, setVersion] = useState(0);
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState('');
  const [linkError, setLinkError] = useState(false);
  const latest = useRef({ onChange, onBlur, value });
  latest.current = { onChange, onBlur, value };

  // One editor per mounted field: the first value is read here, later values are pushed below.
  useEffect(() => {
    if (!host.current) return;
    const created = new Editor({
      element: host.current,
      // Tiptap would append an inline <style>, which our pages' CSP refuses: its rules are in host.css.
      injectCSS: false,
      extensions: [Document, Paragraph, Text, PlainHeading, Bold, Italic, BulletList, PlainOrderedList, ListItem, HardBreak, SafeLink, UndoRedo],
      content: latest.current.value,
      editorProps: {
        attributes: {
          class: 'rich-text-content rec-input',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          name,
        },
        transformPastedHTML: pastedHtmlForEditor,
      },
      onUpdate: ({ editor: current }) => latest.current.onChange(editorHtml(current)),
      onTransaction: () => setVersion((n) => n + 1),
      onBlur: ({ event }) => {
        // Moving to the toolbar is still editing.
        if (event.relatedTarget instanceof Node && toolbar.current?.parentElement?.contains(event.relatedTarget)) return;
        latest.current.onBlur?.();
      },
    });
    setEditor(created);
    return () => created.destroy();
  }, []);

  // Attributes that change with validation.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          class: 'rich-text-content rec-input',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          name,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
        },
      },
    });
  }, [editor, labelId, name, describedBy, invalid, required]);

  // A value set from outside (another language's tab, a reset) replaces the content.
  useEffect(() => {
    if (editor && value !== editorHtml(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (linkOpen) linkInput.current?.focus();
  }, [linkOpen]);

  function run(command: Command) {
    if (!editor) return;
    const chain = editor.chain().focus();
    switch (command) {
      case 'heading3':
        return chain.toggleHeading({ level: 3 }).run();
      case 'heading4':
        return chain.toggleHeading({ level: 4 }).run();
      case 'bold':
        return chain.toggleBold().run();
      case 'italic':
        return chain.toggleItalic().run();
      case 'bulletList':
        return chain.toggleBulletList().run();
      case 'orderedList':
        return chain.toggleOrderedList().run();
      case 'link':
        setLinkValue((editor.getAttributes('link').href as string | undefined) ?? 'https://');
        setLinkError(false);
        setLinkOpen(true);
    }
  }

  function applyLink() {
    if (!editor) return;
    const href = linkValue.trim();
    if (!href) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
    } else if (!SAFE_LINK.test(href) || href === 'https://') {
      setLinkError(true);
      linkInput.current?.focus();
      return;
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      // No text selected: the address itself becomes the link's text.
      editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkOpen(false);
  }

  function closeLink() {
    setLinkOpen(false);
    editor?.commands.focus();
  }

  // The toolbar pattern: one tab stop, arrow keys move between the buttons.
  function toolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const last = COMMANDS.length - 1;
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: last };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + COMMANDS.length) % COMMANDS.length;
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  return (
    <div className={`rich-text${invalid ? ' rich-text-invalid' : ''}`}>
      <div ref={toolbar} className="rich-text-toolbar" role="toolbar" aria-label={t('richText.toolbar')} aria-controls={`${id}-content`} onKeyDown={toolbarKey}>
        {COMMANDS.map((command, index) => (
          <button
            key={command.id}
            type="button"
            className="rich-text-button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={t(`richText.${command.id}`)}
            title={t(`richText.${command.id}`)}
            aria-pressed={editor ? isActive(editor, command.id) : false}
            disabled={!editor}
            onFocus={() => setFocusIndex(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command.id)}
          >
            <span aria-hidden="true" className={`rich-text-glyph rich-text-glyph-${command.id}`}>
              {command.id === 'link' || command.id === 'bulletList' || command.id === 'orderedList' ? (
                <Icon name={command.id} />
              ) : command.id === 'heading3' || command.id === 'heading4' ? (
                // Written out: a visible "H3" would not match the button's name for voice control users.
                t(`richText.${command.id}`)
              ) : (
                command.glyph
              )}
            </span>
          </button>
        ))}
      </div>
      {linkOpen ? (
        <fieldset className="rich-text-link">
          <legend className="rec-sr-only">{t('richText.linkDialog')}</legend>
          <label htmlFor={`${id}-link`}>{t('richText.linkAddress')}</label>
          <input
            ref={linkInput}
            id={`${id}-link`}
            className="rec-input"
            type="url"
            inputMode="url"
            value={linkValue}
            aria-invalid={linkError || undefined}
            aria-describedby={linkError ? `${id}-link-error` : undefined}
            onChange={(event) => {
              setLinkValue(event.target.value);
              setLinkError(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                closeLink();
              }
            }}
          />
          <button type="button" className="rec-button rec-button-secondary" onClick={applyLink}>
            {t('richText.linkApply')}
          </button>
          <button type="button" className="rec-button rec-button-secondary" onClick={closeLink}>
            {t('richText.linkCancel')}
          </button>
          {linkError ? (
            <p id={`${id}-link-error`} className="rec-field-error" role="alert">
              {t('richText.linkInvalid')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div ref={host} id={`${id}-content`} className="rich-text-host" />
    </div>
  );
}
