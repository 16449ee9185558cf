import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { UndoRedo } from '@tiptap/extensions';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A description written as it will look: paragraphs, headings, bold, italic, underline, lists, quotes and
 * links, the tags the shop's sanitizer keeps (server-kit/src/sanitize.ts), and nothing it would drop (no
 * code, strike-through or rules), so what is written here is what the store shows. The HTML it gives is
 * sanitized again by the api on save. Loaded only when someone edits a description (its own chunk).
 */
export default function RichText({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  // What the editor last gave: a value equal to it came from here, not from outside.
  const written = useRef(value);
  const editor = useEditor({
    // Only what the sanitizer keeps (each extension its own import: nothing of code blocks or rules is loaded).
    extensions: [
      Document,
      Paragraph,
      Text,
      HardBreak,
      Bold,
      Italic,
      Underline,
      Heading.configure({ levels: [2, 3, 4] }),
      BulletList,
      OrderedList,
      ListItem,
      Blockquote,
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' }),
      UndoRedo,
    ],
    content: value,
    // The back office's policy allows no inline <style>: the few rules the editor needs are in admin-editors.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-invalid': String(Boolean(invalid)),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'admin-rich-text-area',
      },
    },
    // An empty editor is an empty description, not an empty paragraph.
    onUpdate: ({ editor: e }) => {
      written.current = e.isEmpty ? '' : e.getHTML();
      onChange(written.current);
    },
  });
  // A value set from outside (the record reloaded after a save) replaces what is shown; what was written here is
  // already shown.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === written.current) return;
    written.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  // The toolbar names the box it formats only while that box is in the page: the editor's own element is put
  // there once the editor is mounted, and a reference to an id not (yet) in the page is an ARIA error.
  const [controls, setControls] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    const check = () => setControls(!editor.isDestroyed && document.getElementById(id) ? id : undefined);
    check();
    editor.on('create', check);
    editor.on('mount', check);
    return () => {
      editor.off('create', check);
      editor.off('mount', check);
    };
  }, [editor, id]);
  const chain = () => editor.chain().focus();
  // The name is the word shown: what a voice-control user says is what they see.
  const tool = (name: string, pressed: boolean | undefined, run: () => void, disabled = false) => (
    <button type="button" aria-pressed={pressed} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {name}
    </button>
  );
  return (
    <div className="admin-rich-text">
      <div role="toolbar" aria-label={`Formatting: ${label}`} aria-controls={controls} className="admin-rich-text-tools">
        {tool('Bold', active.bold, () => chain().toggleBold().run())}
        {tool('Italic', active.italic, () => chain().toggleItalic().run())}
        {tool('Underline', active.underline, () => chain().toggleUnderline().run())}
        {tool('Heading', active.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('Subheading', active.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {tool('Bullets', active.bullets, () => chain().toggleBulletList().run())}
        {tool('Numbers', active.numbers, () => chain().toggleOrderedList().run())}
        {tool('Quote', active.quote, () => chain().toggleBlockquote().run())}
        {tool(active.link ? 'Unlink' : 'Link', active.link, () => {
          if (active.link) return void chain().unsetLink().run();
          const typed = window.prompt('The link’s address (https://…, or mailto:…)')?.trim();
          // "example.com" is a web address, not a page of this shop's.
          const href = typed && !/^(https?:|mailto:)/i.test(typed) ? `https://${typed.replace(/^\/+/, '')}` : typed;
          if (href) chain().extendMarkRange('link').setLink({ href }).run();
        })}
        {tool('Undo', undefined, () => chain().undo().run(), !active.undo)}
        {tool('Redo', undefined, () => chain().redo().run(), !active.redo)}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
