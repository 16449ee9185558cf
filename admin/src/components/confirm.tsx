import { Button, Group, Modal } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

/** What a consequential action will do, asked once before it is done. */
export interface Ask {
  /** The question, naming the thing: "Refund Rs. 13,799 to the card?". */
  title: string;
  /** What follows from it, in words: who is e-mailed, what cannot be undone, what ends. */
  body: ReactNode;
  /** The button that does it, saying what it does: "Refund Rs. 13,799". */
  action: string;
  /** Final or destructive: the button says so in colour too. */
  danger?: boolean;
}

type Confirm = (ask: Ask) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * One confirmation dialog for the whole back office (the kit's Modal: focus kept inside, Escape and "Go back"
 * answer no, the title names it to a screen reader). `useConfirm()` asks and answers whether to go on.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [asked, setAsked] = useState<(Ask & { answer: (yes: boolean) => void }) | null>(null);
  const confirm = useCallback<Confirm>((ask) => new Promise((answer) => setAsked({ ...ask, answer })), []);
  const close = (yes: boolean) => {
    asked?.answer(yes);
    setAsked(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        opened={asked !== null}
        onClose={() => close(false)}
        title={asked?.title}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        transitionProps={{ transition: 'fade', duration: 120 }}
        // Locking the page's scroll writes an inline <style>, which the back office's policy refuses; the overlay covers it.
        lockScroll={false}
      >
        <div className="confirm-body">{asked?.body}</div>
        <Group justify="space-between" mt="lg" gap="xl">
          <Button variant="default" onClick={() => close(false)}>
            Go back
          </Button>
          <Button color={asked?.danger ? 'red.9' : undefined} onClick={() => close(true)}>
            {asked?.action}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** Asks before a consequential action; answers true to go on. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider above it');
  return confirm;
}
