import { useState } from 'react';
import { storedToken } from '../../lib/storage';
import { DeleteAccount } from './delete-account';
import { useMyConsentsQuery } from './__generated__/my-consents';
import { formatDay, useShopTimeZone } from '../../lib/format-date';

/**
 * The shopper's rights over their data (Digital Personal Data Protection Act, 2023; an addition to My Profile):
 * download everything the shop holds about them, as a JSON file fetched with their sign-in.
 */
export function MyData() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const token = storedToken();
      const res = await fetch('/api/user/data-export', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(String(res.status));
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'my-data.json';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="auth-card wide my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title">Your data</h2>
      <p>
        Everything this shop holds about you (your profile, orders and invoices, reviews, wishlist, cart and messages), as a file. To
        correct it, edit your profile above.
      </p>
      <button type="button" className="button" disabled={state === 'busy'} onClick={() => void download()}>
        Download my data
      </button>
      <p role="status">{state === 'failed' ? 'Your data could not be downloaded. Please try again.' : ''}</p>
      <ConsentRecord />
      <DeleteAccount />
    </section>
  );
}

/** What the shopper agreed to, and how to withdraw it: as easily as it was given (the form below). */
function ConsentRecord() {
  const consent = useMyConsentsQuery({ fetchPolicy: 'network-only' }).data?.myConsents[0];
  const zone = useShopTimeZone();
  if (!consent) return null;
  return (
    <p className="consent-record">
      You agreed to our privacy notice (version {consent.noticeVersion}) when you signed up on {formatDay(consent.givenAt, zone)}. To
      withdraw your consent, delete your account below.
    </p>
  );
}
