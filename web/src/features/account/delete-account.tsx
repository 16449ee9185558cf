import { useState } from 'react';
import { useApolloClient } from '@apollo/client';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast/headless';
import { shopperMessage } from '../../lib/shopper-message';
import { forgetShopper } from '../../lib/forget-shopper';
import { endSession } from '../../lib/session';
import { useDeleteAccountMutation } from './__generated__/delete-account';

/**
 * "Delete my account" (Digital Personal Data Protection Act, 2023; an addition to My Profile): asked for twice, the
 * second time with the password. Every personal detail is erased at once; the orders' tax invoices stay, as the GST
 * law asks; the shopper is signed out, and no one signs in to the account again.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [erase, { loading }] = useDeleteAccountMutation();
  const navigate = useNavigate();
  const client = useApolloClient();
  if (!open)
    return (
      <button type="button" className="link-button danger" onClick={() => setOpen(true)}>
        Delete my account…
      </button>
    );
  const submit = async () => {
    if (!password) return setProblem('Give your password to delete your account');
    try {
      await erase({ variables: { password } });
      toast.success('Your account is deleted. The tax invoices of your orders are kept, as the GST law requires.');
      // Home first, then signed out: signed out on My Profile, its guard would send the shopper to the login page
      // instead, whichever navigation came last (the home page is rendered at once, before the session ends).
      await navigate('/', { flushSync: true });
      endSession();
      // Nor does this tab keep what it read of the account: the profile, cart and orders go from its cache too.
      forgetShopper(client.cache);
    } catch (err) {
      setProblem(shopperMessage(err, 'Your account could not be deleted. Please try again.'));
    }
  };
  return (
    <form
      className="delete-account"
      noValidate
      aria-label="Delete my account"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p>
        Your profile, reviews, wishlist, cart and messages are erased at once, and you cannot sign in again. Your orders and their tax
        invoices are kept for eight years, as the GST law requires, with only what it needs.
      </p>
      <label htmlFor="delete-password">Your password</label>
      <input
        id="delete-password"
        type="password"
        autoComplete="current-password"
        value={password}
        aria-invalid={Boolean(problem)}
        aria-describedby="delete-problem"
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="field-error" id="delete-problem" role="alert">
        {problem}
      </p>
      <button type="submit" className="button danger" disabled={loading}>
        Delete my account for good
      </button>{' '}
      <button type="button" className="link-button" onClick={() => setOpen(false)}>
        Keep my account
      </button>
    </form>
  );
}
