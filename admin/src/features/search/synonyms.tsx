import { useState } from 'react';
import { PlainTable } from '../../components/plain-table';
import { type Message, Said, saying } from '../../components/said';
import { useConfirm } from '../../components/confirm';
import { useRemoveSearchSynonymMutation } from './__generated__/remove-search-synonym';
import { useSaveSearchSynonymMutation } from './__generated__/save-search-synonym';
import { useSearchSynonymsQuery } from './__generated__/search-synonyms';

/** What a form's "also" says: the words or phrases, comma-separated. */
const phrases = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * A synonym's form: the word (fixed when it comes from a query or an existing synonym) and what it also means.
 * Saved at once; searches use it within seconds.
 */
export function SynonymForm({
  word: given,
  also: before = [],
  heading,
  onDone,
}: {
  word?: string;
  also?: readonly string[];
  heading: string;
  onDone?: () => void;
}) {
  const [word, setWord] = useState(given ?? '');
  const [also, setAlso] = useState(before.join(', '));
  const [message, setMessage] = useState<Message>(null);
  const [save, saving] = useSaveSearchSynonymMutation({ refetchQueries: ['SearchSynonyms'] });
  const say = saying(setMessage, 'The synonym was not saved');
  return (
    <form
      className="admin-synonym-form"
      aria-label={heading}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        void say(
          save({ variables: { word, also: phrases(also) } }).then(() => {
            if (!given) {
              setWord('');
              setAlso('');
            }
            onDone?.();
          }),
          `Saved: a search for “${word.trim().toLowerCase()}” also finds ${phrases(also).join(', ')}.`,
        );
      }}
    >
      <h2>{heading}</h2>
      {given === undefined && (
        <label>
          Word shoppers type
          <input value={word} onChange={(e) => setWord(e.target.value)} maxLength={50} required />
        </label>
      )}
      <label>
        Also means (words or phrases, separated by commas)
        <input value={also} onChange={(e) => setAlso(e.target.value)} required />
      </label>
      <button type="submit" disabled={saving.loading || phrases(also).length === 0 || (given === undefined && word.trim() === '')}>
        Save synonym
      </button>
      <Said message={message} />
    </form>
  );
}

/** The synonyms, A-Z: each changed or removed; a new one added. */
export function Synonyms({ editable }: { editable: boolean }) {
  const { data, error } = useSearchSynonymsQuery({ fetchPolicy: 'cache-and-network' });
  const [remove] = useRemoveSearchSynonymMutation({ refetchQueries: ['SearchSynonyms'] });
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const confirm = useConfirm();
  const synonyms = data?.searchSynonyms ?? [];
  const edited = synonyms.find((s) => s.word === editing);
  return (
    <section aria-labelledby="synonyms">
      <h2 id="synonyms">Synonyms</h2>
      <p>A search for a word also finds what it means: “telly” finds TVs. Searches use a change within seconds.</p>
      {error && <p role="alert">{error.message}</p>}
      <PlainTable caption="The search’s synonyms" headers={['Word', 'Also means', ...(editable ? ['', ''] : [])]}>
        {synonyms.map((s) => (
          <tr key={s.word}>
            <td>{s.word}</td>
            <td>{s.also.join(', ')}</td>
            {editable && (
              <>
                <td>
                  <button type="button" onClick={() => setEditing(s.word)}>
                    Change “{s.word}”
                  </button>
                </td>
                <td>
                  <button
                    type="button"
                    onClick={() =>
                      void confirm({
                        title: `Remove the synonym “${s.word}”?`,
                        body: `A search for “${s.word}” will no longer find ${s.also.join(', ')}.`,
                        action: `Remove “${s.word}”`,
                        danger: true,
                      }).then((yes) => {
                        if (yes)
                          void saying(setMessage, 'The synonym was not removed')(
                            remove({ variables: { word: s.word } }),
                            `Removed “${s.word}”.`,
                          );
                      })
                    }
                  >
                    Remove “{s.word}”
                  </button>
                </td>
              </>
            )}
          </tr>
        ))}
      </PlainTable>
      <Said message={message} />
      {editable && edited && (
        <SynonymForm
          key={edited.word}
          word={edited.word}
          also={edited.also}
          heading={`Change “${edited.word}”`}
          onDone={() => setEditing(null)}
        />
      )}
      {editable && <SynonymForm heading="Add a synonym" />}
    </section>
  );
}
