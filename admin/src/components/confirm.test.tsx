import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Kit } from '../lib/kit';
import { useConfirm } from './confirm';

function Refund() {
  const confirm = useConfirm();
  const [done, setDone] = useState('nothing yet');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm({
            title: 'Refund Rs. 13,799 to the shopper?',
            body: <p>It cannot be called back once sent.</p>,
            action: 'Refund Rs. 13,799',
            danger: true,
          }).then((yes) => setDone(yes ? 'refunded' : 'kept'))
        }
      >
        Refund…
      </button>
      <output>{done}</output>
    </>
  );
}

afterEach(cleanup);

describe('the confirmation', () => {
  it('names the action and its effect, and answers yes only to the action', async () => {
    const user = userEvent.setup();
    render(
      <Kit>
        <Refund />
      </Kit>,
    );
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Rs. 13,799 to the shopper?' });
    expect(dialog).toHaveTextContent('It cannot be called back once sent.');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('kept'));

    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('kept'));

    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(await screen.findByRole('button', { name: 'Refund Rs. 13,799' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('refunded'));
  });
});
