import { type ReactNode, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { TermKind } from '../../__generated__/types';
import { PlainTable } from '../../components/plain-table';
import { type Message, Said, saying } from '../../components/said';
import { may, type Signed } from '../../lib/authorization';
import { problem } from '../../lib/format';
import { useCatalogueTermsQuery } from './__generated__/terms';
import type { TermsWholeFragment } from './__generated__/terms-whole';
import { useAddColourMutation } from './__generated__/add-colour';
import { useAddTermMutation } from './__generated__/add-term';
import { useDeleteColourMutation } from './__generated__/delete-colour';
import { useDeleteTermMutation } from './__generated__/delete-term';
import { useRenameTermMutation } from './__generated__/rename-term';
import { useUpdateColourMutation } from './__generated__/update-colour';

const SECTIONS: { kind: TermKind; key: 'brands' | 'categories' | 'tags'; title: string; one: string }[] = [
  { kind: 'BRAND', key: 'brands', title: 'Brands', one: 'brand' },
  { kind: 'CATEGORY', key: 'categories', title: 'Categories', one: 'category' },
  { kind: 'TAG', key: 'tags', title: 'Tags', one: 'tag' },
];

/** Brands, categories, tags and colours: add, rename on every product, delete when nothing uses them. */
export function TermsPage() {
  const me = useOutletContext<Signed>();
  const editable = may(me, 'catalogue:write');
  const { data, error } = useCatalogueTermsQuery({ fetchPolicy: 'cache-and-network' });
  const [message, setMessage] = useState<Message>(null);
  const say = saying(setMessage, 'That did not work');
  const act = (p: Promise<unknown>, done: string) => {
    setMessage(null);
    void say(p, done);
  };
  if (error) return <p role="alert">{problem(error)}</p>;
  const terms = data?.catalogueTerms;
  return (
    <section>
      <h1>Brands, categories, tags and colours</h1>
      <p>Renaming one renames it on every product, at once. One that products use cannot be deleted.</p>
      <Said message={message} />
      {!terms ? (
        <p>Loading…</p>
      ) : (
        <>
          {SECTIONS.map((s) => (
            <TermSection key={s.kind} section={s} terms={terms} editable={editable} act={act} />
          ))}
          <ColourSection terms={terms} editable={editable} act={act} />
        </>
      )}
    </section>
  );
}

type Act = (p: Promise<unknown>, done: string) => void;

/** One of the page's small forms, on one line: `onSubmit` runs instead of sending the page away. */
function InlineForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="admin-inline"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A section of the page: its heading, its table (with a column to change each row, for those who may), and
 * below it the form that adds one (`adding`, its fields and button, sent to `onAdd`), for those who may.
 */
function TermTable(props: {
  title: string;
  caption: string;
  headers: string[];
  editable: boolean;
  onAdd: () => void;
  adding: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <h2>{props.title}</h2>
      <PlainTable caption={props.caption} headers={props.editable ? [...props.headers, 'Change'] : props.headers}>
        {props.children}
      </PlainTable>
      {props.editable && <InlineForm onSubmit={props.onAdd}>{props.adding}</InlineForm>}
    </>
  );
}

function TermSection({
  section,
  terms,
  editable,
  act,
}: {
  section: (typeof SECTIONS)[number];
  terms: TermsWholeFragment;
  editable: boolean;
  act: Act;
}) {
  const [add] = useAddTermMutation();
  const [rename] = useRenameTermMutation();
  const [remove] = useDeleteTermMutation();
  const [newValue, setNewValue] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const { kind, one } = section;
  return (
    <TermTable
      title={section.title}
      caption={`${terms[section.key].length} ${section.title.toLowerCase()}`}
      headers={[section.title.slice(0, -1).replace(/ie$/, 'y'), 'Products']}
      editable={editable}
      onAdd={() => {
        const value = newValue.trim();
        if (value)
          act(
            add({ variables: { kind, value } }).then(() => setNewValue('')),
            `Added the ${one} ${value}.`,
          );
      }}
      adding={
        <>
          <label>
            A new {one}
            <input value={newValue} onChange={(e) => setNewValue(e.target.value)} />
          </label>
          <button type="submit">Add</button>
        </>
      }
    >
      {terms[section.key].map((t) => (
        <tr key={t.value}>
          <td>{t.value}</td>
          <td>{t.products}</td>
          {editable && (
            <td>
              <InlineForm
                onSubmit={() => {
                  const to = (names[t.value] ?? '').trim();
                  if (to)
                    act(rename({ variables: { kind, value: t.value, to } }), `Renamed ${t.value} to ${to} on ${t.products} products.`);
                }}
              >
                <label>
                  New name for the {one} {t.value}
                  <input value={names[t.value] ?? ''} onChange={(e) => setNames({ ...names, [t.value]: e.target.value })} />
                </label>
                <button type="submit">Rename</button>
                <button
                  type="button"
                  disabled={t.products > 0}
                  title={t.products > 0 ? 'Products use it' : undefined}
                  onClick={() => act(remove({ variables: { kind, value: t.value } }), `Deleted the ${one} ${t.value}.`)}
                >
                  Delete {t.value}
                </button>
              </InlineForm>
            </td>
          )}
        </tr>
      ))}
    </TermTable>
  );
}

function ColourSection({ terms, editable, act }: { terms: TermsWholeFragment; editable: boolean; act: Act }) {
  const [add] = useAddColourMutation();
  const [update] = useUpdateColourMutation();
  const [remove] = useDeleteColourMutation();
  const [swatch, setSwatch] = useState('');
  const [name, setName] = useState('');
  const [edits, setEdits] = useState<Record<string, { swatch: string; name: string }>>({});
  return (
    <TermTable
      title="Colours"
      caption={`${terms.colors.length} colours`}
      headers={['Colour', 'Swatch', 'Products']}
      editable={editable}
      onAdd={() =>
        act(
          add({ variables: { swatch: swatch.trim(), name: name.trim() || null } }).then(() => {
            setSwatch('');
            setName('');
          }),
          `Added ${name || swatch}.`,
        )
      }
      adding={
        <>
          <label>
            Swatch colour (a name such as navy, or a code such as #1f2937)
            <input value={swatch} onChange={(e) => setSwatch(e.target.value)} />
          </label>
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit">Add a colour</button>
        </>
      }
    >
      {terms.colors.map((c) => {
        const edit = edits[c.id] ?? { swatch: c.swatch, name: c.name };
        return (
          <tr key={c.id}>
            <td>
              <span className="admin-swatch" style={{ background: c.swatch }} aria-hidden="true" /> {c.name}
            </td>
            <td>{c.swatch}</td>
            <td>{c.products}</td>
            {editable && (
              <td>
                <InlineForm
                  onSubmit={() =>
                    act(
                      update({ variables: { id: c.id, swatch: edit.swatch.trim(), name: edit.name.trim() || null } }),
                      `Saved ${edit.name || edit.swatch}.`,
                    )
                  }
                >
                  <label>
                    Swatch of {c.name}
                    <input value={edit.swatch} onChange={(e) => setEdits({ ...edits, [c.id]: { ...edit, swatch: e.target.value } })} />
                  </label>
                  <label>
                    Name of {c.name}
                    <input value={edit.name} onChange={(e) => setEdits({ ...edits, [c.id]: { ...edit, name: e.target.value } })} />
                  </label>
                  <button type="submit">Save</button>
                  <button type="button" onClick={() => act(remove({ variables: { id: c.id } }), `Deleted ${c.name}.`)}>
                    Delete {c.name}
                  </button>
                </InlineForm>
              </td>
            )}
          </tr>
        );
      })}
    </TermTable>
  );
}
