import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DescriptionField } from './description-field';

afterEach(cleanup);

const props = (value: string) => ({
  id: 'd',
  label: 'Description',
  value,
  onChange: vi.fn(),
  html: { name: 'description', defaultValue: value },
  previewTitle: 'Description preview',
});

describe('the description field', () => {
  it('opens the editor for text it holds, and HTML on asking', async () => {
    render(<DescriptionField {...props('<p>Light <strong>and</strong> fast</p>')} />);
    // The editor is its own chunk: it arrives after the field.
    const text = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 15_000 });
    expect(text.querySelector('strong')).toHaveTextContent('and');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: Description' });
    // It names the box it formats, which is in the page (a reference to a missing id is an ARIA error).
    expect(toolbar).toHaveAttribute('aria-controls', 'd');
    expect(document.getElementById('d')).toBe(text);
    await userEvent.click(screen.getByRole('button', { name: 'Edit the HTML' }));
    expect(screen.getByLabelText('Description (HTML: the shop keeps only safe tags)')).toHaveValue(
      '<p>Light <strong>and</strong> fast</p>',
    );
  });

  it('keeps a description with a table in HTML, saying why, so the table is not lost', () => {
    render(<DescriptionField {...props('<table><tr><td>Weight</td><td>1.2 kg</td></tr></table>')} />);
    expect(screen.getByText('It has a table, which the editor does not hold: edit it as HTML.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write it as formatted text' })).toBeDisabled();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('only shows the text to someone who may only read', () => {
    render(<DescriptionField {...props('<p>Hi</p>')} readOnly />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTitle('Description preview')).toBeInTheDocument();
  });
});
