import { useEffect, useState } from 'react';

/**
 * Ten single-use recovery codes, shown this once, with the three ways people keep them: copied (to a password
 * manager), downloaded as a text file, or printed (the page prints the codes alone).
 */
export function RecoveryCodes({ codes, account }: { codes: readonly string[]; account: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const [file, setFile] = useState<string | null>(null);
  const text = `Digitic back office: recovery codes for ${account}\nEach signs you in once if you lose your authenticator.\n\n${codes.join('\n')}\n`;
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    setFile(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setSaid('Copied: paste them into your password manager.'),
      () => setSaid('The browser did not let the page copy: select the codes and copy them, or download them.'),
    );
  return (
    <section className="admin-recovery" aria-label="Your recovery codes">
      <ul className="admin-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="admin-actions admin-no-print">
        <button type="button" onClick={() => void copy()}>
          Copy the codes
        </button>
        {file && (
          <a className="admin-button-link" href={file} download="digitic-recovery-codes.txt">
            Download the codes
          </a>
        )}
        <button type="button" onClick={() => window.print()}>
          Print the codes
        </button>
      </div>
      {said && <p role="status">{said}</p>}
    </section>
  );
}
