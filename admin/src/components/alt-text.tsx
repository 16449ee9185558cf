import { useId, useState } from 'react';

/**
 * The words that say what a picture shows (the storefront's alt text), taken when the field is left or Enter
 * is pressed, not at every key: a library kept at once saves each change.
 */
export function AltText({ name, alt, editable, onSay }: { name: string; alt: string; editable: boolean; onSay: (words: string) => void }) {
  const id = useId();
  const errorId = useId();
  const [words, setWords] = useState(alt);
  // The shop's words when they change (kept, or put back after a refusal); what is being typed stays.
  const [shown, setShown] = useState(alt);
  if (shown !== alt) {
    setShown(alt);
    setWords(alt);
  }
  // The api's rule, said before it is asked: one line of words, without invisible characters.
  const wrong = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(words) ? 'One line of plain words: no invisible or line-break characters.' : null;
  const say = () => {
    const said = words.trim().replace(/\s+/g, ' ');
    if (!wrong && said !== alt) onSay(said);
  };
  return (
    <span className="admin-media-alt">
      <label htmlFor={id}>What {name} shows</label>
      <input
        id={id}
        value={words}
        maxLength={250}
        readOnly={!editable}
        placeholder={editable ? 'For people who cannot see it' : undefined}
        aria-invalid={wrong ? true : undefined}
        aria-describedby={wrong ? errorId : undefined}
        onChange={(e) => setWords(e.target.value)}
        onBlur={say}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // Enter takes the words; it does not send the form around the library.
          e.preventDefault();
          say();
        }}
      />
      {wrong && (
        <span id={errorId} className="admin-error">
          {wrong}
        </span>
      )}
    </span>
  );
}
