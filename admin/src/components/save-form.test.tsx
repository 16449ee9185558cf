import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Kit } from '../lib/kit';
import { SaveForm, useSaveForm } from './save-form';

interface Note {
  id: string;
  version: number;
  title: string;
  /** Shown by the form, never sent by it (as a product's pictures, which their library keeps). */
  pictures?: string;
}
const NoteSchema = z.object({ title: z.string().trim().min(1, 'Give it a title') });
const valuesOf = (n: Note | null) => ({ title: n?.title ?? '', pictures: n?.pictures ?? '' });

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

type Save = (input: { title: string }, id: string, version: number) => Promise<Note | undefined>;

function NoteForm({ note, update, latest, ours }: { note: Note | null; update: Save; latest?: boolean; ours?: Note | null }) {
  const saving = useSaveForm({
    record: note,
    idPrefix: 'note',
    schema: NoteSchema,
    valuesOf,
    latest,
    ours,
    input: (v) => ({ title: v.title }),
    create: () => Promise.resolve('/notes/n2'),
    update,
  });
  return (
    <SaveForm saving={saving} label="Note" createText="Add the note" busy={false}>
      {saving.field('title', 'Title', <input {...saving.attrs('title')} />)}
    </SaveForm>
  );
}

/** The form over a record the page moves on to `next` (a stock change, someone's save) with a button. */
function Moving({ first, next, update }: { first: Note; next: Note; update: Save }) {
  const [note, setNote] = useState(first);
  return (
    <>
      <NoteForm note={note} update={update} latest />
      <button type="button" onClick={() => setNote(next)}>
        Move on
      </button>
    </>
  );
}

/** The form over a record the page's own action (a reply, say) moves on to `next`, telling the form so. */
function Ours({ first, next, update }: { first: Note; next: Note; update: Save }) {
  const [note, setNote] = useState(first);
  const [ours, setOurs] = useState<Note | null>(null);
  return (
    <>
      <NoteForm note={note} update={update} latest ours={ours} />
      <button
        type="button"
        onClick={() => {
          setNote(next);
          setOurs(next);
        }}
      >
        Reply
      </button>
    </>
  );
}

/** The form at /notes/x in a data router (as the back office has), with a link away and where it is now. */
const show = (form: React.ReactNode) => {
  const page = (
    <>
      {form}
      <Link to="/orders">Orders</Link>
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/notes/x'] });
  return render(
    <Kit>
      <RouterProvider router={router} />
    </Kit>,
  );
};
const title = () => screen.getByRole('textbox', { name: 'Title' });

afterEach(cleanup);

describe('a form saved with the version it read', () => {
  it('says what is wrong beside the field, and makes a new record then opens it', async () => {
    show(<NoteForm note={null} update={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add the note' }));
    await waitFor(() => expect(title()).toHaveAttribute('aria-invalid', 'true'));
    expect(title()).toHaveAttribute('aria-describedby', 'note-title-error');
    expect(document.getElementById('note-title-error')).toHaveTextContent('Give it a title');
    fireEvent.change(title(), { target: { value: 'Lens care' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the note' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/notes/n2'));
  });

  it('names the version it read, then the one the api kept', async () => {
    const update = vi.fn<Save>((input, id, version) => Promise.resolve({ id, version: version + 1, ...input }));
    show(<NoteForm note={{ id: 'n1', version: 4, title: 'Old' }} update={update} />);
    fireEvent.change(title(), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls.map((c) => c[2])).toEqual([4, 5]);
  });

  it('shows the refusal of a change made meanwhile; `latest` names the record’s own version', async () => {
    const refused = vi.fn<Save>(() => Promise.reject(new Error('This note was changed by someone else')));
    show(<NoteForm note={{ id: 'n1', version: 7, title: 'Old' }} update={refused} latest />);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This note was changed by someone else');
    expect(refused.mock.calls[0]?.[2]).toBe(7);
  });

  it('`latest` names the newer version while the fields are as read, and the version read once someone changed one', async () => {
    const user = userEvent.setup();
    const saved = vi.fn<Save>((input, id, version) => Promise.resolve({ id, version: version + 1, ...input }));
    const old = { id: 'n1', version: 7, title: 'Old' };
    // The version moved on, the title did not (a picture added, which the form never sends): the save goes over
    // the newer version.
    show(<Moving first={old} next={{ ...old, version: 8, pictures: 'front.jpg' }} update={saved} />);
    await user.type(title(), ' and new');
    await user.click(screen.getByRole('button', { name: 'Move on' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[2]).toBe(8);
    cleanup();

    // Someone changed the title meanwhile: the save names the version this person read, which the api refuses.
    const refused = vi.fn<Save>(() => Promise.reject(new Error('This note was changed by someone else')));
    show(<Moving first={old} next={{ ...old, version: 8, title: 'Changed by Ravi' }} update={refused} />);
    await user.type(title(), ' and new');
    await user.click(screen.getByRole('button', { name: 'Move on' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This note was changed by someone else');
    expect(refused.mock.calls[0]?.[2]).toBe(7);
  });

  it('takes up a version the person’s own action made, keeping what they typed; not one someone else moved on too', async () => {
    const user = userEvent.setup();
    const saved = vi.fn<Save>((input, id, version) => Promise.resolve({ id, version: version + 1, ...input }));
    const old = { id: 'n1', version: 7, title: 'Old' };
    // Their own reply changed the title (as a reply moves an enquiry's status on): their typing still saves, over it.
    show(<Ours first={old} next={{ ...old, version: 8, title: 'Replied' }} update={saved} />);
    await user.type(title(), ' and new');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(title()).toHaveValue('Old and new');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]).toEqual([{ title: 'Old and new' }, 'n1', 8]);
    cleanup();

    // Two versions on: someone else changed it between, and the save names the version read (the api refuses it).
    const refused = vi.fn<Save>(() => Promise.reject(new Error('This note was changed by someone else')));
    show(<Ours first={old} next={{ ...old, version: 9, title: 'Changed by Ravi, then replied' }} update={refused} />);
    await user.type(title(), ' and new');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This note was changed by someone else');
    expect(refused.mock.calls[0]?.[2]).toBe(7);
  });

  it('leaves at once when nothing was changed', async () => {
    const user = userEvent.setup();
    show(<NoteForm note={{ id: 'n1', version: 1, title: 'Old' }} update={vi.fn()} />);
    // Nothing changed: leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders'));
  });

  it('holds a navigation away from edits not saved until the person says', async () => {
    const user = userEvent.setup();
    show(<NoteForm note={{ id: 'n1', version: 1, title: 'Old' }} update={vi.fn()} />);
    await user.type(title(), ' and new');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask).toHaveTextContent('If you leave now, they are lost.');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('where')).toHaveTextContent('/notes/x');
    expect(title()).toHaveValue('Old and new');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders'));
  });

  it('lets a saved record open without asking, and has the browser ask before a tab with edits closes', async () => {
    const user = userEvent.setup();
    show(<NoteForm note={null} update={vi.fn()} />);
    await user.type(title(), 'Lens care');
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add the note' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/notes/n2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
